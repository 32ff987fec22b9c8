/// ESPHome's MQTT component (`esphome.io/components/mqtt`): each sensor's state as a bare number on
/// `PREFIX/sensor/OBJECT_ID/state` (`nan` when the sensor failed), and `online`/`offline` on
/// `PREFIX/status` (birth and last will). The prefix may contain `/`.
///
/// The payload has no unit: it lives in the Home Assistant discovery config ESPHome publishes, which
/// the hub learns (`HomeAssistantDiscoveryDecoder`); without it the field comes from the object id and
/// the unit is assumed to be ESPHome's default.
enum ESPHomeDecoder {
    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        if topic.last == "status" {
            return AvailabilityText.decode(source: topic.dropping(last: 1), body: body)
        }
        guard topic.count >= 4, topic.last == "state", let component = topic.fromEnd(2) else {
            return .ignored(why: "an ESPHome topic that is not a sensor state")
        }
        guard component == "sensor" else {
            return .ignored(why: "ESPHome \(component) states are not measurements")
        }
        let prefix = topic.dropping(last: 3)
        let objectID = String(topic.fromEnd(1) ?? "")
        guard let text = body.scalarText else {
            return .rejected(
                source: "\(prefix)/\(objectID)", RejectionReason(.malformedPayload, "an ESPHome state must be a bare value"))
        }
        return ScalarTopicValue(
            sensor: "\(prefix)/\(objectID)", ecosystem: .esphome, name: objectID, text: text,
            hint: context.unitHints[topic.topic], knownUnit: context.pinnedUnit, pinnedField: context.pinnedField
        ).decode()
    }
}
