/// Any JSON object with the hub's own keys (`temperature_C`, `humidity_pct`…) or the common plain ones
/// (`temperature`, `humidity`, `pressure`…, in °C, %, hPa, m/s, mm, lux, ppm): the socket feed's format
/// and the fallback for home-made publishers. The identity is `sensor` (or `device`, `name`, `id`),
/// else the topic; the time is `time`, `timestamp`, `ts` or `observed_at`.
enum GenericJSONDecoder {
    static let fields: FieldKeyTable = {
        var list: [(key: String, field: SensorField, unit: MeasurementUnit)] = SensorField.allCases.map { field in
            (field.key, field, ScalarTopicValue.hubUnit(for: field))
        }
        list += [
            ("temperature", .temperature, .celsius), ("temp", .temperature, .celsius),
            ("temperature_F", .temperature, .fahrenheit), ("humidity", .humidity, .percent),
            ("hum", .humidity, .percent), ("dew_point", .dewPoint, .celsius), ("dewpoint", .dewPoint, .celsius),
            ("pressure", .pressure, .hectopascal), ("pressure_inHg", .pressure, .inchesOfMercury),
            ("pressure_mmHg", .pressure, .millimetersOfMercury), ("wind_speed", .windAverage, .metersPerSecond),
            ("wind_avg_km_h", .windAverage, .kilometersPerHour), ("wind_gust", .windGust, .metersPerSecond),
            ("wind_max_km_h", .windGust, .kilometersPerHour), ("wind_dir", .windDirection, .degrees),
            ("wind_direction", .windDirection, .degrees), ("rain", .rain, .millimeters),
            ("rain_in", .rain, .inches), ("uv", .uvIndex, .index), ("uvi", .uvIndex, .index),
            ("lux", .illuminance, .lux), ("illuminance", .illuminance, .lux), ("co2", .co2, .partsPerMillion),
            ("battery", .batteryLevel, .percent), ("voltage", .batteryVoltage, .millivolts),
        ]
        return FieldKeyTable(list.filter { $0.field != .batteryLow })
    }()

    static func decode(topic: TopicLevels, object: JSONObject, context: DecodingContext) -> DecodeOutcome {
        var sensor = topic.topic
        for key in ["sensor", "device", "name", "id"] {
            if let text = object[key]?.stringValue, !text.isEmpty {
                sensor = text
                break
            }
            if case .number(let number)? = object[key], number == number.rounded() {
                sensor = "\(topic.topic)/\(Int64(number))"
                break
            }
        }
        var draft = ReadingDraft(sensor: sensor, ecosystem: .generic)
        fields.apply(to: &draft, from: object)
        draft.takeBatteryFlag(key: SensorField.batteryLow.key, in: object, lowWhen: true)
        for key in ["observed_at", "time", "timestamp", "ts"] {
            if let time = object[key] {
                draft.payloadTime = context.timestamps.parse(time)
                break
            }
        }
        if draft.values.isEmpty && draft.rejections.isEmpty {
            return .ignored(why: "no weather values in this JSON object")
        }
        return .readings([draft])
    }
}
