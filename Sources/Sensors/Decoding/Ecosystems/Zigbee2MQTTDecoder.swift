/// zigbee2mqtt (`zigbee2mqtt.io`, MQTT topics and messages): the device state as JSON on
/// `BASE/FRIENDLY_NAME` (names may contain `/`), availability on `BASE/FRIENDLY_NAME/availability`
/// (`{"state":"online"}`, or `online` with the legacy payload), bridge topics under `BASE/bridge/`, and
/// with `output: attribute` one value per `BASE/FRIENDLY_NAME/ATTRIBUTE`.
///
/// Exposed units are fixed: °C, %, hPa, lux, ppm, battery %, `voltage` in mV. `last_seen` is ISO 8601
/// or epoch milliseconds, per `advanced.last_seen`.
enum Zigbee2MQTTDecoder {
    static let fields = FieldKeyTable([
        ("temperature", .temperature, .celsius),
        ("humidity", .humidity, .percent),
        ("pressure", .pressure, .hectopascal),
        ("dew_point", .dewPoint, .celsius),
        ("illuminance_lux", .illuminance, .lux),
        ("illuminance", .illuminance, .lux),
        ("co2", .co2, .partsPerMillion),
        ("uv_index", .uvIndex, .index),
        ("rain", .rain, .millimeters),
        ("wind_speed", .windAverage, .metersPerSecond),
        ("battery", .batteryLevel, .percent),
        ("voltage", .batteryVoltage, .millivolts),
        ("linkquality", .linkQuality, .index),
    ])

    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        if topic.count >= 2, topic.levels[1] == "bridge" {
            return .ignored(why: "zigbee2mqtt bridge topic, not a device")
        }
        let lastLevel = topic.last.map(String.init) ?? ""
        if lastLevel == "availability", topic.count >= 3 {
            return availability(source: topic.dropping(last: 1), body: body)
        }
        if ["set", "get"].contains(lastLevel) {
            return .ignored(why: "a command to a zigbee2mqtt device, not a state")
        }
        guard let object = body.object else {
            // `output: attribute`: the attribute name is the last level.
            guard let text = body.scalarText, topic.count >= 3 else {
                return .rejected(
                    source: topic.topic, RejectionReason(.malformedPayload, "a zigbee2mqtt state must be a JSON object"))
            }
            return attributeValue(sensor: topic.dropping(last: 1), attribute: lastLevel, text: text)
        }
        var draft = ReadingDraft(sensor: topic.topic, ecosystem: .zigbee2mqtt)
        fields.apply(to: &draft, from: object)
        draft.takeBatteryFlag(key: "battery_low", in: object, lowWhen: true)
        if let lastSeen = object["last_seen"] { draft.payloadTime = context.timestamps.parse(lastSeen) }
        if draft.values.isEmpty && draft.rejections.isEmpty {
            return .ignored(why: "no weather values in this zigbee2mqtt device state")
        }
        return .readings([draft])
    }

    private static func availability(source: String, body: PayloadBody) -> DecodeOutcome {
        let state = body.object?["state"]?.stringValue ?? body.scalarText
        switch state?.lowercased() {
        case "online": return .availability(source: source, state: .online)
        case "offline": return .availability(source: source, state: .offline)
        default:
            return .rejected(
                source: source, RejectionReason(.malformedPayload, "zigbee2mqtt availability must be online or offline"))
        }
    }

    private static func attributeValue(sensor: String, attribute: String, text: String) -> DecodeOutcome {
        guard fields.entry(for: attribute) != nil else {
            return .ignored(why: "zigbee2mqtt attribute \"\(attribute)\" is not a weather value")
        }
        var draft = ReadingDraft(sensor: sensor, ecosystem: .zigbee2mqtt)
        fields.apply(to: &draft, from: JSONObject([(attribute, .string(text))]))
        return .readings([draft])
    }
}
