/// Home Assistant's `mqtt_statestream` integration: `BASE/DOMAIN/OBJECT_ID/state` carries the raw state
/// string, and with `publish_attributes` every attribute is published JSON-encoded on
/// `BASE/DOMAIN/OBJECT_ID/ATTRIBUTE` — `unit_of_measurement` and `device_class` among them, which the
/// hub joins to the state. `unavailable` and `unknown` are not values.
enum HomeAssistantStatestreamDecoder {
    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        guard topic.count >= 4, let attribute = topic.last, let domain = topic.fromEnd(2),
            let objectID = topic.fromEnd(1)
        else {
            return .ignored(why: "not a statestream topic")
        }
        let sensor = "ha/\(domain).\(objectID)"
        let stateTopic = topic.dropping(last: 1) + "/state"
        switch attribute {
        case "state":
            guard domain == "sensor" else { return .ignored(why: "Home Assistant \(domain) states are not measurements") }
            guard let text = body.scalarText else {
                return .rejected(source: sensor, RejectionReason(.malformedPayload, "a statestream state must be text"))
            }
            switch text {
            case "unavailable": return .availability(source: sensor, state: .offline)
            case "unknown", "": return .ignored(why: "Home Assistant has no value for \(sensor)")
            default: break
            }
            return ScalarTopicValue(
                sensor: sensor, ecosystem: .homeAssistant, name: String(objectID), text: text,
                hint: context.unitHints[stateTopic], knownUnit: context.pinnedUnit, pinnedField: context.pinnedField
            ).decode()
        case "unit_of_measurement":
            guard let unit = body.scalarText else { return .ignored(why: "a unit attribute that is not text") }
            return .unitHint(stateTopic: stateTopic, UnitHint(unit: unit, deviceClass: nil))
        case "device_class":
            guard let deviceClass = body.scalarText else { return .ignored(why: "a device class that is not text") }
            return .unitHint(stateTopic: stateTopic, UnitHint(unit: nil, deviceClass: deviceClass))
        default:
            return .ignored(why: "statestream attribute \"\(attribute)\" is not used")
        }
    }
}
