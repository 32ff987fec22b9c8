/// Shelly Gen1 (`shelly-api-docs.shelly.cloud/gen1`, MQTT): one bare value per topic,
/// `shellies/ID/sensor/temperature|humidity|battery|lux`, add-on probes on `shellies/ID/ext_temperature/N`
/// (°C), `shellies/ID/ext_temperature_f/N` (the same probe in °F) and `ext_humidity/N`, and
/// `true`/`false` on `shellies/ID/online`. `sensor/temperature` is in the unit set on the device, which
/// the payload does not state: configure `temperatureUnit` on the sensor's profile when it is °F. A name
/// ending in `_f` is in °F, as Shelly names its Fahrenheit topics. The device's own temperature
/// (`shellies/ID/temperature`, `temperature_f`) is not weather.
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
            let name = String(topic.levels[3])
            let unit = name.hasSuffix("_f") ? .fahrenheit : context.configuredTemperatureUnit(for: device)
            return scalar(sensor: device, name: name, body: body, unit: unit)
        case "ext_temperature" where topic.count == 4, "ext_temperature_f" where topic.count == 4:
            return scalar(
                sensor: probe(device, topic), name: "temperature", body: body, unit: kind == "ext_temperature" ? .celsius : .fahrenheit)
        case "ext_humidity" where topic.count == 4:
            return scalar(sensor: probe(device, topic), name: "humidity", body: body, unit: .percent)
        default:
            return .ignored(why: "Shelly topic \"\(kind)\" is not a sensor value")
        }
    }

    /// An add-on probe is a sensor of its own: `shellies/ID/extN`.
    private static func probe(_ device: String, _ topic: TopicLevels) -> String {
        "\(device)/ext\(topic.levels[3])"
    }

    private static func scalar(sensor: String, name: String, body: PayloadBody, unit: MeasurementUnit?) -> DecodeOutcome {
        guard let text = body.scalarText else {
            return .rejected(source: sensor, RejectionReason(.malformedPayload, "a Shelly sensor value must be a bare number"))
        }
        return ScalarTopicValue(sensor: sensor, ecosystem: .shellyGen1, name: name, text: text, hint: nil, knownUnit: unit, pinnedField: nil)
            .decode()
    }
}
