import Foundation
import HubTestSupport
import Testing

/// `weatherctl sensors history` against the built service: rtl_433 events carrying their own times, as
/// rtl_433 sends them, published through a real mosquitto and read back over the control socket.
@Suite("Sensor history end to end", .serialized, .timeLimit(.minutes(3)))
struct SensorHistoryEndToEndTests {
    /// Minutes before now of each reading: three, a gap of three hours, six more.
    static let minutes = [-300, -290, -280, -100, -90, -80, -70, -60, -50]

    @Test("readings published with their own times come back as buckets in Berlin time, the gap marked")
    func historyThroughTheService() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start(extraEnvironment: ["TZ": "Europe/Berlin"])
            defer { _ = hub.sandbox.stopService() }
            let minute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
            let times = Self.minutes.map { Date(timeIntervalSince1970: minute + Double($0) * 60 + 5) }
            for (index, time) in times.enumerated() {
                let payload = #"{"time":"\#(ISO8601DateFormatter().string(from: time))","model":"Nexus-TH","id":7,"channel":1,"temperature_C":\#(10 + index)}"#
                try await broker.publish(topic: "rtl_433/pi/events", payload: payload)
            }

            var buckets: [[String: Any]] = []
            for _ in 0..<100 where buckets.count < times.count {
                let answer = try hub.sandbox.ctl(["sensors", "history", "Nexus-TH/1/7", "--since", "6h", "--json"])
                if answer.status == 0, let object = try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any] {
                    buckets = object["buckets"] as? [[String: Any]] ?? []
                }
                if buckets.count < times.count { try await Task.sleep(for: .milliseconds(100)) }
            }
            try #require(buckets.count == times.count, "\(hub.sandbox.serviceLog)")
            let local = ISO8601DateFormatter()
            for (index, (bucket, time)) in zip(buckets, times).enumerated() {
                let text = try #require(bucket["time"] as? String)
                #expect(local.date(from: text) == Date(timeIntervalSince1970: (time.timeIntervalSince1970 / 60).rounded(.down) * 60))
                #expect(text.hasSuffix("+01:00") || text.hasSuffix("+02:00"), "Berlin time: \(text)")
                #expect(bucket["min"] as? Double == Double(10 + index) && bucket["count"] as? Double == 1)
                #expect(bucket["after_gap"] as? Bool == (index == 3))
            }

            let csv = try hub.sandbox.ctl(["sensors", "history", "Nexus-TH/1/7", "--since", "6h", "--csv"])
            #expect(csv.status == 0 && csv.output.split(separator: "\n").count == times.count + 1)
            let unknown = try hub.sandbox.ctl(["sensors", "history", "Garden"])
            #expect(unknown.status == 1 && unknown.error.contains(#"no sensor is named "Garden""#), "\(unknown.error)")
            let span = try hub.sandbox.ctl(["sensors", "history", "Nexus-TH/1/7", "--since", "2w"])
            #expect(span.status == 64 && span.error.contains("use hours or days such as 24h, 7d or 30d"), "\(span.error)")
        }
    }
}
