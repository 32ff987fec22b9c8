/// Home Assistant MQTT discovery configs (`homeassistant/COMPONENT/[NODE_ID/]OBJECT_ID/config`), as
/// ESPHome, Tasmota and others publish them: the hub reads only the state topic, unit and device class
/// (full or abbreviated keys, with the `~` base-topic shorthand), to interpret bare state values later.
enum HomeAssistantDiscoveryDecoder {
    static func decode(body: PayloadBody) -> DecodeOutcome {
        guard let object = body.object else {
            return .ignored(why: "a discovery config that is not a JSON object")
        }
        let base = object["~"]?.stringValue
        guard var stateTopic = (object["state_topic"] ?? object["stat_t"])?.stringValue, !stateTopic.isEmpty else {
            return .ignored(why: "a discovery config without a state topic")
        }
        if let base {
            if stateTopic.hasPrefix("~") {
                stateTopic = base + stateTopic.dropFirst()
            } else if stateTopic.hasSuffix("~") {
                stateTopic = stateTopic.dropLast() + base
            }
        }
        let hint = UnitHint(
            unit: (object["unit_of_measurement"] ?? object["unit_of_meas"])?.stringValue,
            deviceClass: (object["device_class"] ?? object["dev_cla"])?.stringValue)
        guard hint.unit != nil || hint.deviceClass != nil else {
            return .ignored(why: "a discovery config without unit or device class")
        }
        return .unitHint(stateTopic: stateTopic, hint)
    }
}
