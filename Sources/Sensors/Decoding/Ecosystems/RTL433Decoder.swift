/// rtl_433's MQTT output (`docs/OPERATION.md`, `src/output_mqtt.c`): whole events as JSON on
/// `rtl_433/HOST/events` (or any topic fed by `rtl_433 -F json | mosquitto_pub -l`), and one value per
/// topic under `…/devices[/type][/model][/subtype][/channel][/id]/FIELD`.
///
/// Field names follow rtl_433's data conventions (`docs/DATA_FORMAT.md`): `<type>_<unit>`, the unit in
/// the sensor's native form (`_C`/`_F`, `_m_s`/`_km_h`/`_mi_h`, `_mm`/`_in`, `_hPa`/`_inHg`, `_lux`/
/// `_klx`), and `-C si` / `-C customary` rename any key by its unit suffix (`wind_avg_m_s` becomes
/// `wind_avg_mi_h`, `rain_in` becomes `rain_mm`), so every name below is read in each of its units.
/// Decoders name one quantity several ways (`wind_avg`, `wind_speed`, `wind_spd`; `wind_max`,
/// `wind_gust`; `uvi`, `uv_index`, and `uv` for the UV index on Bresser sensors before 23.x), older
/// releases used other names (`temperature2_C`, `battery` in %), and `battery_ok` is 0/1 or, for
/// devices that know their level, a fraction. Rates (`rain_rate_mm_h`) are not the rain counter.
enum RTL433Decoder {
    /// The unit suffixes rtl_433 writes for each quantity, preferred first.
    private static let temperatureUnits: [(String, MeasurementUnit)] = [("C", .celsius), ("F", .fahrenheit)]
    private static let speedUnits: [(String, MeasurementUnit)] = [
        ("m_s", .metersPerSecond), ("km_h", .kilometersPerHour), ("mi_h", .milesPerHour),
        // Before the conventions settled: `wind_speed_ms`, `gust_speed_kph`, `wind_speed_mph`.
        ("ms", .metersPerSecond), ("kph", .kilometersPerHour), ("mph", .milesPerHour),
    ]

    /// `base_suffix` for every suffix of `units`.
    private static func keys(
        _ bases: [String], _ field: SensorField, _ units: [(String, MeasurementUnit)]
    ) -> [(key: String, field: SensorField, unit: MeasurementUnit)] {
        bases.flatMap { base in units.map { (suffix, unit) in ("\(base)_\(suffix)", field, unit) } }
    }

    static let fields = FieldKeyTable(
        keys(["temperature", "temperature_1"], .temperature, temperatureUnits)
            + keys(["temperature_2", "temperature2"], .temperature2, temperatureUnits)
            + [("humidity", .humidity, .percent), ("humidity_1", .humidity, .percent)]
            + keys(["dewpoint"], .dewPoint, temperatureUnits)
            + [
                ("pressure_hPa", .pressure, .hectopascal), ("pressure_inHg", .pressure, .inchesOfMercury),
                ("pressure_mmHg", .pressure, .millimetersOfMercury),
            ]
            + keys(["wind_avg", "wind_speed", "wind_spd"], .windAverage, speedUnits)
            + keys(["wind_max", "wind_gust", "gust_speed"], .windGust, speedUnits)
            + [
                ("wind_dir_deg", .windDirection, .degrees), ("wind_direction_deg", .windDirection, .degrees),
                ("rain_mm", .rain, .millimeters), ("rain_in", .rain, .inches),
                ("uvi", .uvIndex, .index), ("uv_index", .uvIndex, .index),
                ("light_lux", .illuminance, .lux), ("lux", .illuminance, .lux), ("light_klx", .illuminance, .kilolux),
                ("co2_ppm", .co2, .partsPerMillion), ("battery_mV", .batteryVoltage, .millivolts),
                ("battery_V", .batteryVoltage, .volts),
            ])

    /// Keys rtl_433 adds to every event that say nothing about the weather.
    private static let envelopeKeys: Set<String> = [
        "time", "model", "id", "channel", "subtype", "type", "mic", "mod", "freq", "freq1", "freq2", "rssi",
        "snr", "noise", "protocol", "data", "raw_msg", "sequence_num", "message_type", "flags", "startup",
        "sensor_type", "sendmode", "button", "exception", "signal", "radio_clock", "sensor_num",
    ]

    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        if let devices = topic.levels.firstIndex(of: "devices"), devices + 2 < topic.count {
            return decodeDeviceValue(topic: topic, devicesIndex: devices, body: body, context: context)
        }
        if topic.last == "states" {
            return .ignored(why: "rtl_433 receiver status, not a sensor")
        }
        guard let object = body.object else {
            return .rejected(source: nil, RejectionReason(.malformedPayload, "an rtl_433 event must be a JSON object"))
        }
        return decodeEvent(object, context: context)
    }

    static func decodeEvent(_ object: JSONObject, context: DecodingContext) -> DecodeOutcome {
        guard let model = object["model"]?.stringValue, !model.isEmpty else {
            return .rejected(source: nil, RejectionReason(.malformedPayload, "an rtl_433 event without \"model\""))
        }
        if object["type"]?.stringValue == "TPMS" || model.containsASCII("TPMS") {
            return .ignored(why: "\(model) is a tyre pressure sensor, not weather")
        }
        var sensor = model
        for key in ["channel", "id"] {
            if let level = object[key].flatMap(identityText) { sensor += "/" + level }
        }
        var draft = ReadingDraft(sensor: sensor, ecosystem: .rtl433)
        fields.apply(to: &draft, from: object)
        applySpecialKeys(object, model: model, to: &draft)
        if let time = object["time"] { draft.payloadTime = context.timestamps.parse(time) }
        if draft.values.isEmpty && draft.rejections.isEmpty {
            draft.noMeasurementsNote = noMeasurementsNote(object)
        }
        return .readings([draft])
    }

    /// Keys whose meaning depends on the rtl_433 release or the device.
    private static func applySpecialKeys(_ object: JSONObject, model: String, to draft: inout ReadingDraft) {
        // Bresser decoders before 23.x put the UV index in "uv"; elsewhere "uv" is a raw sensor count.
        if draft.values[.uvIndex] == nil, model.hasPrefix("Bresser") {
            draft.take(.uvIndex, key: "uv", in: object)
        }
        if let batteryOK = object["battery_ok"] {
            switch NumericValue.read(batteryOK, key: "battery_ok") {
            case .number(let level) where level == 0 || level == 1:
                draft.set(.batteryLow, level == 0 ? 1 : 0, from: "battery_ok")
            case .number(let level) where level > 0 && level < 1:
                draft.set(.batteryLevel, level * 100, from: "battery_ok")
            case .number:
                draft.reject("battery_ok", RejectionReason(.outOfRange, "\"battery_ok\" must be 0…1"))
            case .absent: break
            case .rejected(let reason): draft.reject("battery_ok", reason)
            }
        }
        // Older releases: "battery" as a percentage or as "OK"/"LOW".
        if let battery = object["battery"] {
            if case .string(let text) = battery, NumericValue.cLocaleNumber(text.trimmingASCIIWhitespace()) == nil {
                draft.takeBatteryFlag(key: "battery", in: object, lowWhen: true)
            } else {
                draft.take(.batteryLevel, key: "battery", in: object)
            }
        }
    }

    private static func noMeasurementsNote(_ object: JSONObject) -> String {
        if object["radio_clock"] != nil || object["signal"]?.stringValue == "DCF77" {
            return "a radio-clock (DCF77) time packet: no weather values"
        }
        let others = object.members.map(\.key).filter { !envelopeKeys.contains($0) }
        if others.isEmpty { return "no weather values in this event" }
        return "no weather values in this event (keys: \(others.prefix(6).joined(separator: ", ")))"
    }

    /// `…/devices/<model>/<channel>/<id>/<field>`: one value, identity from the topic.
    private static func decodeDeviceValue(
        topic: TopicLevels, devicesIndex: Int, body: PayloadBody, context: DecodingContext
    ) -> DecodeOutcome {
        let sensor = topic.joined((devicesIndex + 1)..<(topic.count - 1))
        let key = String(topic.last ?? "")
        guard let text = body.scalarText else {
            return .rejected(source: sensor, RejectionReason(.malformedPayload, "an rtl_433 device value must be plain text"))
        }
        if key == "time" {
            var draft = ReadingDraft(sensor: sensor, ecosystem: .rtl433)
            draft.payloadTime = context.timestamps.parse(text)
            draft.noMeasurementsNote = "the time of the sensor's last event"
            return .readings([draft])
        }
        guard fields.entry(for: key) != nil || ["battery_ok", "battery", "uv"].contains(key) else {
            return .ignored(why: "rtl_433 value \"\(key)\" is not a weather value")
        }
        let model = String(topic.levels[devicesIndex + 1])
        var draft = ReadingDraft(sensor: sensor, ecosystem: .rtl433)
        let object = JSONObject([(key, .string(text))])
        fields.apply(to: &draft, from: object)
        applySpecialKeys(object, model: model, to: &draft)
        if draft.values.isEmpty && draft.rejections.isEmpty {
            return .ignored(why: "rtl_433 value \"\(key)\" is not a weather value")
        }
        return .readings([draft])
    }

    /// A channel or id as it appears in the identity: integers without a fraction, text as is.
    private static func identityText(_ value: ScannedJSONValue) -> String? {
        switch value {
        case .number(let number):
            guard number == number.rounded(), abs(number) < 1e15 else { return String(number) }
            return String(Int64(number))
        case .string(let text): return text.isEmpty ? nil : text
        default: return nil
        }
    }
}
