import Foundation

/// The messages every run publishes, written once to a file that `mosquitto_pub -l` reads line by line,
/// so no process holds the whole stream in memory.
struct BenchmarkStream {
    /// What the lines look like.
    enum Kind: String {
        /// rtl_433 events as `rtl_433 -F mqtt` publishes them (`time` in its default zone-less form):
        /// one topic, the sensor identity in the payload (model/channel/id).
        case rtl433
        /// zigbee2mqtt device states: the topic is the identity, so one `mosquitto_pub` is one device.
        case zigbee2mqtt
    }

    let kind: Kind
    let messages: Int
    let sensors: Int
    let path: String

    /// The topic the publisher writes to.
    var topic: String {
        switch kind {
        case .rtl433: "rtl_433/bench/events"
        case .zigbee2mqtt: "zigbee2mqtt/bench"
        }
    }

    /// The filter the ceiling's `mosquitto_sub` subscribes to (the hub uses its default subscriptions).
    var filter: String {
        switch kind {
        case .rtl433: "rtl_433/#"
        case .zigbee2mqtt: "zigbee2mqtt/#"
        }
    }

    /// Distinct sensor identities the hub sees.
    var distinctSensors: Int { kind == .rtl433 ? sensors : 1 }

    /// Writes the file in chunks. Payload times start two minutes before now and advance one second per
    /// round of sensors, so they are neither in the future nor stale during the runs.
    func write(now: Date) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        let start = Int(now.timeIntervalSince1970) - 120
        var chunk = ""
        chunk.reserveCapacity(1 << 20)
        for index in 0..<messages {
            chunk += line(index, epochSecond: start + index / sensors)
            chunk += "\n"
            if chunk.utf8.count >= 1 << 20 {
                file.write(Data(chunk.utf8))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        file.write(Data(chunk.utf8))
    }

    private func line(_ index: Int, epochSecond: Int) -> String {
        // Every message of a sensor differs from its previous one, so none is a duplicate.
        let temperature = Double((index / sensors * 7 + index) % 400) / 10 - 10
        let humidity = 40 + (index / sensors + index) % 50
        switch kind {
        case .rtl433:
            let id = index % sensors
            return #"{"time":"\#(Self.localTime(epochSecond))","model":"Bench-TH","id":\#(id),"channel":\#(1 + id % 3),"#
                + #""battery_ok":1,"temperature_C":\#(temperature),"humidity":\#(humidity),"mic":"CRC"}"#
        case .zigbee2mqtt:
            return #"{"battery":90,"humidity":\#(humidity),"linkquality":\#(index % 255),"temperature":\#(temperature),"#
                + #""voltage":3000}"#
        }
    }

    /// `YYYY-MM-DD HH:MM:SS` in the local zone, as rtl_433 writes `time` by default.
    private static func localTime(_ epochSecond: Int) -> String {
        var seconds = time_t(epochSecond)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
