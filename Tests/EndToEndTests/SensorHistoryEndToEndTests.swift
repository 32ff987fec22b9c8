import Foundation
import HubTestSupport
import InkUI
import Testing

/// The sensor history through every door of the built service: rtl_433 events carrying their own times,
/// as rtl_433 sends them, published through a real mosquitto, then read back by `weatherctl sensors
/// history`, the status page's chart and the panel's history widget.
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

    /// A garden station's last 26 hours: a reading every 20 minutes (its age 7 minutes past a multiple
    /// of 20, so none lies on the 24-hour edge), rising by a tenth of a degree each, silent from 14 to 11
    /// hours ago; then one live.
    static let ages = stride(from: 26 * 60 - 13, through: 27, by: -20).filter { !(11 * 60 < $0 && $0 < 14 * 60) }
    static func temperature(_ index: Int) -> Double { 5 + Double(index) / 10 }

    @Test("26 hours published with their own times: the CLI's buckets, the status page's chart and the panel's history widget agree with the series")
    func everyDoorAgrees() async throws {
        try await MosquittoBroker.with { broker in
            let port = try MosquittoBroker.freePort()
            let hub = try MQTTHub(broker: broker, configuration: """
                provider:
                  source: demo
                panel:
                  model: simulated
                  simulated: { width: 400, height: 300 }
                layout:
                  - kind: history
                    family: large
                # Readings reload the widget at most every 5 minutes by default; the test waits 10 s at most.
                widgets: { min_reload_interval: 10s }
                sensors:
                  devices:
                    "Nexus-TH/1/7": { name: Garden, role: outdoor }
                  # A day replayed at once is a burst far beyond a live station's ten.
                  limits: { burst_per_sensor: 100 }
                mqtt:
                  host: 127.0.0.1
                  port: \(broker.port)
                  client_id: e2e-\(UUID().uuidString.prefix(8))
                  home_assistant: { enabled: true }
                http:
                  address: 127.0.0.1
                  port: \(port)
                """)
            let berlin = ["TZ": "Europe/Berlin"]
            try await hub.start(extraEnvironment: berlin)
            defer { _ = hub.sandbox.stopService() }
            let minute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
            let times = Self.ages.map { Date(timeIntervalSince1970: minute - Double($0) * 60 + 5) }
            func event(_ index: Int) -> String {
                #"{"time":"\#(ISO8601DateFormatter().string(from: times[index]))","model":"Nexus-TH","id":7,"channel":1,"temperature_C":\#(Self.temperature(index))}"#
            }
            // The oldest reading again until heard (the hub may still be subscribing), then the rest at once.
            try await waitUntil {
                try await broker.publish(topic: "rtl_433/pi/events", payload: event(0))
                return try hub.sandbox.ctl(["sensors"]).output.contains("Garden")
            }
            let publisher = try MosquittoLinePublisher(broker: broker, topic: "rtl_433/pi/events")
            for index in times.indices.dropFirst() { publisher.send(event(index)) }
            // And one live, without a time of its own: the row says "now" on the panel and in the preview.
            publisher.send(#"{"model":"Nexus-TH","id":7,"channel":1,"temperature_C":\#(Self.temperature(times.count))}"#)
            try await publisher.finish()

            // The CLI: one bucket per reading of the last 24 hours, its value, the gap marked where it ends.
            let lastDay = times.indices.filter { times[$0] > Date(timeIntervalSince1970: minute) - 86_400 } + [times.count]
            var buckets: [[String: Any]] = []
            try await waitUntil(timeout: .seconds(60)) {
                let answer = try hub.sandbox.ctl(["sensors", "history", "Garden", "--since", "24h", "--json"], extraEnvironment: berlin)
                let object = answer.status == 0 ? try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any] : nil
                buckets = object?["buckets"] as? [[String: Any]] ?? []
                return buckets.count == lastDay.count
            }
            let afterGap = try #require(lastDay.first { Self.ages[$0] < 11 * 60 })
            for (bucket, index) in zip(buckets, lastDay) {
                #expect(bucket["mean"] as? Double == Self.temperature(index), "\(bucket)")
                #expect(bucket["after_gap"] as? Bool == (index == afterGap), "\(bucket)")
            }
            let csv = try hub.sandbox.ctl(["sensors", "history", "Garden", "--since", "24h", "--csv"], extraEnvironment: berlin)
            #expect(csv.output.split(separator: "\n").count == lastDay.count + 1)

            // The status page: the same range, and one line for each run of readings, none across the gap.
            let page = try await WebClient(baseURL: "http://127.0.0.1:\(port)").get("/").body
            let low = Self.temperature(lastDay[0]), high = Self.temperature(lastDay[lastDay.count - 1])
            #expect(page.contains(#"aria-label="Garden · temperature: \#(Self.text(low)) to \#(Self.text(high)) °C""#), "\(page)")
            #expect(page.components(separatedBy: "<polyline ").count == 3, "two runs, two lines")

            // The panel: the frame `weatherctl preview` draws from the same readings, with the gap blank.
            var panel: Frame?
            try await waitUntil(timeout: .seconds(60)) {
                let out = hub.sandbox.directory + "/history-preview.png"
                let preview = try hub.sandbox.ctl(
                    ["preview", "--kind", "history", "--family", "large", "--size", "400x300", "--out", out], extraEnvironment: berlin)
                guard preview.status == 0, let shown = try? Data(contentsOf: URL(fileURLWithPath: hub.sandbox.latestFrame)) else { return false }
                panel = try PNGDecoder.decode([UInt8](shown))
                return shown == (try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            let frame = try #require(panel)
            let chart = try #require(ChartProbe(in: frame), "the first chart's box on the panel")
            func inked(hoursAgo: Double) -> Bool {
                // The chart's width is the 24 hours up to the next half hour.
                let now: Double = Date().timeIntervalSince1970
                let end: Double = (now / 1800).rounded(.up) * 1800
                return chart.isInked(at: 1 - (end - now + hoursAgo * 3600) / 86_400)
            }
            #expect(!inked(hoursAgo: 12.5) && !inked(hoursAgo: 12) && !inked(hoursAgo: 13), "nothing drawn across the silent hours")
            #expect(inked(hoursAgo: 20) && inked(hoursAgo: 16) && inked(hoursAgo: 8) && inked(hoursAgo: 2), "a line where the garden reported")
        }
    }

    /// A value as the status page writes it: to a tenth, without a trailing zero.
    private static func text(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(format: "%.1f", tenths / 10)
    }
}
