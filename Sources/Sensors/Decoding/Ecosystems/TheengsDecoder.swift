/// Theengs Gateway and OpenMQTTGateway BLE (`decoder.theengs.io`, `docs.openmqttgateway.com`): the
/// decoded advertisement as JSON on `…/BTtoMQTT/<MAC without colons>`, with Theengs' property names
/// (`tempc`, `tempf`, `hum`, `pres`, `lux`, `co2`, `uvi`, `batt` %, `volt` V) and the MAC in `id` or
/// `mac` when the gateway adds it. Encrypted advertisements (`encr`) carry nothing readable without a
/// bind key.
///
/// Identity rule: `BLE/<MAC>` from the payload's `mac`, else its `id`, else the topic's last level.
enum TheengsDecoder {
    static let fields = FieldKeyTable([
        ("tempc", .temperature, .celsius),
        ("tempf", .temperature, .fahrenheit),
        ("tempc2", .temperature2, .celsius),
        ("tempf2", .temperature2, .fahrenheit),
        ("hum", .humidity, .percent),
        ("pres", .pressure, .hectopascal),
        ("lux", .illuminance, .lux),
        ("co2", .co2, .partsPerMillion),
        ("uvi", .uvIndex, .index),
        ("batt", .batteryLevel, .percent),
        ("volt", .batteryVoltage, .volts),
    ])

    static func decode(topic: TopicLevels, body: PayloadBody) -> DecodeOutcome {
        guard let object = body.object else {
            return .rejected(source: nil, RejectionReason(.malformedPayload, "a BLE gateway message must be a JSON object"))
        }
        let sensor = "BLE/" + identity(object: object, topic: topic)
        var draft = ReadingDraft(sensor: sensor, ecosystem: .theengs)
        fields.apply(to: &draft, from: object)
        if draft.values.isEmpty && draft.rejections.isEmpty {
            if let encrypted = object["encr"], encrypted != .number(0), encrypted != .bool(false) {
                draft.noMeasurementsNote = "an encrypted advertisement: give the gateway the device's bind key"
                return .readings([draft])
            }
            return .ignored(why: "a BLE advertisement without weather values")
        }
        return .readings([draft])
    }

    private static func identity(object: JSONObject, topic: TopicLevels) -> String {
        for key in ["mac", "id"] {
            if let text = object[key]?.stringValue, let mac = normalisedMAC(text) { return mac }
        }
        let last = String(topic.last ?? "")
        return normalisedMAC(last) ?? last
    }

    /// `A4C13852F5B2` or `a4:c1:38:52:f5:b2` as `A4:C1:38:52:F5:B2`; nil for anything else.
    static func normalisedMAC(_ text: String) -> String? {
        let hex = text.uppercased().filter { $0 != ":" && $0 != "-" }
        guard hex.count == 12, hex.allSatisfy(\.isHexDigit) else { return nil }
        var pairs: [String] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            pairs.append(String(hex[index..<next]))
            index = next
        }
        return pairs.joined(separator: ":")
    }
}
