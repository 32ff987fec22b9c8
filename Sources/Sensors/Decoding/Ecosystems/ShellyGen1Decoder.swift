/// Shelly Gen1 (`shelly-api-docs.shelly.cloud/gen1`, MQTT): one bare value per topic,
/// `shellies/ID/sensor/temperature|humidity|battery|lux`, add-on probes on
/// `shellies/ID/ext_temperature/N` and `ext_humidity/N`, and `true`/`false` on `shellies/ID/online`.
/// Temperatures are in the unit set on the device, which the payload does not state: configure
/// `temperatureUnit` on the sensor's profile when it is °F.
enum ShellyGen1Decoder {
    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        guard topic.count >= 3, let deviceLevel = topic.levels.dropFirst().first else {
            return .ignored(why: "not a Shelly device topic")
        }
        let device = "\(topic.levels[0])/\(deviceLevel)"
        let kind = topic.levels[2]
        switch kind {
        case "online":
            return AvailabilityText.decode(source: device, body: body)
        case "sensor" where topic.count == 4:
            return scalar(sensor: device, name: String(topic.levels[3]), body: body, context: context)
        case "ext_temperature" where topic.count == 4, "ext_humidity" where topic.count == 4:
            let name = kind == "ext_temperature" ? "temperature" : "humidity"
            return scalar(sensor: "\(device)/ext\(topic.levels[3])", name: name, body: body, context: context)
        default:
            return .ignored(why: "Shelly topic \"\(kind)\" is not a sensor value")
        }
    }

    private static func scalar(sensor: String, name: String, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        guard let text = body.scalarText else {
            return .rejected(source: sensor, RejectionReason(.malformedPayload, "a Shelly sensor value must be a bare number"))
        }
        return ScalarTopicValue(
            sensor: sensor, ecosystem: .shellyGen1, name: name, text: text, hint: nil,
            configuredUnit: context.configuredTemperatureUnit(for: sensor), pinnedField: nil
        ).decode()
    }
}
