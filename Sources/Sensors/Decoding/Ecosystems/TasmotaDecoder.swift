/// Tasmota (`tasmota.github.io/docs`, MQTT and JSON status responses): telemetry on
/// `tele/TOPIC/SENSOR` with one object per sensor (`"BME280":{…}`, `"DS18B20-1":{"Id":…}`,
/// `"AHT1X-0x38":{…}`), `TempUnit` and `PressureUnit` at top level, `Time` in local time; the same
/// blocks inside `StatusSNS` on `stat/TOPIC/STATUS8|STATUS10`; `Online`/`Offline` on `tele/TOPIC/LWT`.
///
/// Each sensor block becomes its own sensor, `TOPIC/BLOCK` (`TOPIC/BLOCK/ID` when the block has an
/// `Id`, so a bus reordering does not swap two DS18B20s).
enum TasmotaDecoder {
    static let fields = FieldKeyTable([
        ("Temperature", .temperature, .celsius),
        ("Humidity", .humidity, .percent),
        ("DewPoint", .dewPoint, .celsius),
        // Sea-level pressure is what forecasts show; Tasmota reports it when an altitude is set.
        ("SeaPressure", .pressure, .hectopascal),
        ("Pressure", .pressure, .hectopascal),
        ("Illuminance", .illuminance, .lux),
        ("CarbonDioxide", .co2, .partsPerMillion),
        ("UvIndex", .uvIndex, .index),
        ("Battery", .batteryLevel, .percent),
    ])

    private static let prefixes: Set<Substring> = ["tele", "stat", "cmnd"]

    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        let device = deviceName(topic)
        switch topic.last {
        case "LWT":
            switch body.scalarText?.lowercased() {
            case "online": return .availability(source: device, state: .online)
            case "offline": return .availability(source: device, state: .offline)
            default:
                return .rejected(source: device, RejectionReason(.malformedPayload, "Tasmota LWT must be Online or Offline"))
            }
        case "SENSOR":
            guard let object = body.object else {
                return .rejected(source: device, RejectionReason(.malformedPayload, "Tasmota SENSOR telemetry must be a JSON object"))
            }
            return decodeSensors(object, device: device, context: context)
        case let last? where last.hasPrefix("STATUS"):
            guard let status = body.object?["StatusSNS"]?.objectValue else {
                return .ignored(why: "a Tasmota status without sensor values")
            }
            return decodeSensors(status, device: device, context: context)
        default:
            if let object = body.object, object["Time"] != nil {
                return decodeSensors(object, device: device, context: context)
            }
            return .ignored(why: "a Tasmota topic without sensor telemetry")
        }
    }

    /// The device's topic: the levels that are neither the prefix nor the command.
    private static func deviceName(_ topic: TopicLevels) -> String {
        var levels = Array(topic.levels.dropLast())
        if let prefix = levels.firstIndex(where: { prefixes.contains($0) }) { levels.remove(at: prefix) }
        return levels.isEmpty ? topic.topic : levels.joined(separator: "/")
    }

    static func decodeSensors(_ object: JSONObject, device: String, context: DecodingContext) -> DecodeOutcome {
        let temperatureUnit = object["TempUnit"]?.stringValue.flatMap(MeasurementUnit.init(symbol:))
        let pressureUnit = object["PressureUnit"]?.stringValue.flatMap(MeasurementUnit.init(symbol:))
        let payloadTime = object["Time"].map { context.timestamps.parse($0) } ?? nil
        var drafts: [ReadingDraft] = []
        for member in object.members {
            guard case .object(let block) = member.value else { continue }
            var draft = ReadingDraft(sensor: blockIdentity(device: device, name: member.key, block: block), ecosystem: .tasmota)
            fields.apply(to: &draft, from: block) { quantity in
                switch quantity {
                case .temperature: temperatureUnit
                case .pressure: pressureUnit
                default: nil
                }
            }
            guard !draft.values.isEmpty || !draft.rejections.isEmpty else { continue }
            draft.payloadTime = payloadTime
            drafts.append(draft)
        }
        guard !drafts.isEmpty else { return .ignored(why: "no weather sensor block in this Tasmota telemetry") }
        return .readings(drafts)
    }

    private static func blockIdentity(device: String, name: String, block: JSONObject) -> String {
        guard let id = block["Id"]?.stringValue, !id.isEmpty else { return "\(device)/\(name)" }
        // "DS18B20-2" numbers sensors in bus order; the Id is the stable part.
        var family = Substring(name)
        if let dash = family.lastIndex(of: "-"), family[family.index(after: dash)...].allSatisfy(\.isNumber) {
            family = family[..<dash]
        }
        return "\(device)/\(family)/\(id)"
    }
}
