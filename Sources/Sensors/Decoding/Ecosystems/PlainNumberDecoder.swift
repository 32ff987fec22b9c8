/// A bare number on a topic whose last level names the quantity (`home/attic/temperature` → sensor
/// `home/attic`), or on any topic whose subscription pins the field (sensor = the topic). Nothing states
/// the unit but the subscription's `unit:`: a quantity with several common units (°C or °F…) is refused
/// without it, with a message saying how to configure it.
enum PlainNumberDecoder {
    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        guard let text = body.scalarText else {
            return .rejected(source: topic.topic, RejectionReason(.malformedPayload, "expected a bare number"))
        }
        let name = String(topic.last ?? "")
        let namedField = FieldNameHeuristics.field(forName: name)
        let sensor = namedField != nil && topic.count > 1 ? topic.dropping(last: 1) : topic.topic
        return ScalarTopicValue(
            sensor: sensor, ecosystem: .plainNumber, name: name, text: text, hint: nil, knownUnit: context.pinnedUnit,
            pinnedField: context.pinnedField, unitRequired: true
        ).decode()
    }
}
