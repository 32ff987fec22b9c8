/// Shelly Gen2/Gen3 (`shelly-api-docs.shelly.cloud/gen2`, MQTT and Notifications): JSON-RPC
/// notifications on `PREFIX/events/rpc` (`NotifyStatus` / `NotifyFullStatus` with `params.ts` in epoch
/// seconds and one object per component, `temperature:0` with `tC`/`tF`, `humidity:0` with `rh`,
/// `devicepower:0` with `battery.percent` and `battery.V`, `illuminance:0` with `lux`), component status
/// on `PREFIX/status/COMPONENT:ID`, and `true`/`false` on `PREFIX/online`.
///
/// Components with id 0 belong to the device (`src`); other ids (add-on probes `temperature:100`…)
/// become their own sensors, `src/ID`.
enum ShellyGen2Decoder {
    static func decode(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        if topic.last == "online" {
            return AvailabilityText.decode(source: topic.dropping(last: 1), body: body)
        }
        if topic.count >= 3, topic.fromEnd(1) == "status", let component = topic.last {
            guard let object = body.object else {
                return .rejected(source: nil, RejectionReason(.malformedPayload, "a Shelly component status must be JSON"))
            }
            let device = topic.dropping(last: 2)
            let drafts = components([(String(component), object)], device: device, time: nil)
            return drafts.isEmpty ? .ignored(why: "Shelly component \(component) is not a sensor") : .readings(drafts)
        }
        guard let object = body.object else {
            return .rejected(source: nil, RejectionReason(.malformedPayload, "a Shelly RPC notification must be JSON"))
        }
        guard let method = object["method"]?.stringValue, method == "NotifyStatus" || method == "NotifyFullStatus" else {
            return .ignored(why: "a Shelly notification without status")
        }
        guard let params = object["params"]?.objectValue else {
            return .rejected(source: nil, RejectionReason(.malformedPayload, "a Shelly \(method) without params"))
        }
        let device = object["src"]?.stringValue ?? topic.dropping(last: 2)
        let time = params["ts"].flatMap { context.timestamps.parse($0) }
        let parts = params.members.compactMap { member in member.value.objectValue.map { (member.key, $0) } }
        let drafts = components(parts, device: device, time: time)
        return drafts.isEmpty ? .ignored(why: "no sensor component in this Shelly notification") : .readings(drafts)
    }

    /// One draft per sensor, merging the components that share an id.
    private static func components(_ parts: [(String, JSONObject)], device: String, time: PayloadTime?) -> [ReadingDraft] {
        var drafts: [String: ReadingDraft] = [:]
        var order: [String] = []
        for (name, object) in parts {
            let pieces = name.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2 else { continue }
            let kind = pieces[0]
            let sensor = pieces[1] == "0" ? device : "\(device)/\(pieces[1])"
            var draft = drafts[sensor] ?? ReadingDraft(sensor: sensor, ecosystem: .shellyGen2)
            switch kind {
            case "temperature":
                draft.take(.temperature, key: "tC", in: object)
                draft.take(.temperature, key: "tF", in: object, unit: .fahrenheit)
            case "humidity":
                draft.take(.humidity, key: "rh", in: object)
            case "illuminance":
                draft.take(.illuminance, key: "lux", in: object)
            case "devicepower":
                if let battery = object["battery"]?.objectValue {
                    draft.take(.batteryLevel, key: "percent", in: battery)
                    draft.take(.batteryVoltage, key: "V", in: battery, unit: .volts)
                }
            default:
                continue
            }
            if drafts[sensor] == nil { order.append(sensor) }
            draft.payloadTime = time
            drafts[sensor] = draft
        }
        return order.compactMap { drafts[$0] }.filter { !$0.values.isEmpty || !$0.rejections.isEmpty }
    }
}
