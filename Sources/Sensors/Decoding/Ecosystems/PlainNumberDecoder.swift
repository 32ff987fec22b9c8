/// A bare number on a topic whose last level names the quantity (`home/attic/temperature` → sensor
/// `home/attic`), or on any topic whose subscription pins the field (sensor = the topic). Units are
/// the hub's own, flagged as assumed where that could be wrong.
enum PlainNumberDecoder {
    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        guard let text = body.scalarText else {
            return .rejected(source: topic.topic, RejectionReason(.malformedPayload, "expected a bare number"))
        }
        let name = String(topic.last ?? "")
        let namedField = FieldNameHeuristics.field(forName: name)
        let sensor = namedField != nil && topic.count > 1 ? topic.dropping(last: 1) : topic.topic
        return ScalarTopicValue(
            sensor: sensor, ecosystem: .plainNumber, name: name, text: text, hint: nil, configuredUnit: nil,
            pinnedField: context.pinnedField
        ).decode()
    }
}
