import Foundation
import Testing
@testable import Sensors

@Suite("CLI reports: sensor list and decode")
struct ReportTests {
    let now = TestMessages.now

    private func storeWithSensors() async throws -> SensorStore {
        let store = try SensorStore(
            settings: SensorSettings(profiles: [SensorProfile(match: "zigbee2mqtt/balcony", displayName: "Balcony", role: .outdoor)]),
            now: { TestMessages.now })
        let intake = SensorIntake(settings: TestMessages.settings(profiles: [SensorProfile(match: "zigbee2mqtt/balcony", displayName: "Balcony", role: .outdoor)]), store: store)
        await intake.process(IncomingMessage(
            topic: "zigbee2mqtt/balcony", payload: Array(#"{"temperature":21.46,"humidity":58.5,"battery":97}"#.utf8),
            arrivedAt: now.addingTimeInterval(-120)))
        await intake.process(IncomingMessage(
            topic: "zigbee2mqtt/balcony", payload: Array(#"{"temperature":"error"}"#.utf8), arrivedAt: now.addingTimeInterval(-60)))
        await intake.process(IncomingMessage(
            topic: "rtl_433/pi/events", payload: Array(#"{"model":"Nexus-TH","id":7,"channel":1,"battery_ok":0,"temperature_C":3.5}"#.utf8),
            arrivedAt: now.addingTimeInterval(-7200)))
        return store
    }

    @Test("the table lists every sensor with values, units, source, age, battery and refusals")
    func table() async throws {
        let store = try await storeWithSensors()
        let text = SensorListReport.table(await store.snapshots(), now: now)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("SENSOR"))
        let balcony = try #require(lines.first { $0.hasPrefix("zigbee2mqtt/balcony") })
        #expect(balcony.contains("Balcony") && balcony.contains("outdoor") && balcony.contains("zigbee2mqtt"))
        #expect(balcony.contains("21.46 °C") && balcony.contains("58.5 %") && balcony.contains("97 %"))
        #expect(balcony.contains("2 min"))
        #expect(balcony.contains("1 (last, 60 s ago: \"temperature\" is \"error\", not a number)"))
        let nexus = try #require(lines.first { $0.hasPrefix("Nexus-TH/1/7") })
        #expect(nexus.contains("3.5 °C (stale)") && nexus.contains("low"))
    }

    @Test("the JSON lists the same facts with SI keys, ISO times and ages in seconds")
    func json() async throws {
        let store = try await storeWithSensors()
        let text = SensorListReport.json(await store.snapshots(), now: now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let sensors = try #require(object["sensors"] as? [[String: Any]])
        let balcony = try #require(sensors.first { $0["sensor"] as? String == "zigbee2mqtt/balcony" })
        let values = try #require(balcony["values"] as? [String: [String: Any]])
        #expect(values["temperature_C"]?["value"] as? Double == 21.46)
        #expect(values["temperature_C"]?["unit"] as? String == "°C")
        #expect(values["temperature_C"]?["age_s"] as? Double == 120)
        #expect(values["temperature_C"]?["observed_at"] as? String == "2025-06-14T09:58:00Z")
        #expect(balcony["battery_pct"] as? Double == 97)
        let rejected = try #require(balcony["rejected"] as? [String: Any])
        #expect(rejected["count"] as? Double == 1)
        #expect(rejected["last_code"] as? String == "not_a_number")
    }

    @Test("decode prints what the hub extracts, in SI keys, and exits zero")
    func decodeKept() throws {
        let report = DecodeReport(
            topic: "rtl_433/pi/events",
            payload: Array(#"{"time":"2025-06-14T09:59:00Z","model":"Acurite-5n1","id":1361,"channel":"A","battery_ok":1,"temperature_F":54.3,"wind_avg_km_h":9}"#.utf8),
            now: now)
        #expect(!report.isRejected)
        #expect(report.text.contains("Acurite-5n1/A/1361"))
        #expect(report.text.contains("temperature_C    12.39 °C"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let reading = try #require((object["readings"] as? [[String: Any]])?.first)
        let values = try #require(reading["values"] as? [String: Any])
        #expect(abs((values["temperature_C"] as? Double ?? 0) - 12.3889) < 1e-4)
        #expect(abs((values["wind_avg_m_s"] as? Double ?? 0) - 2.5) < 1e-9)
        #expect(values["battery_low"] as? Bool == false)
        #expect(reading["observed_at"] as? String == "2025-06-14T09:59:00Z")
    }

    @Test("decode says why it refuses, and asks for a non-zero exit", arguments: [
        ("zigbee2mqtt/a", #"{"temperature": NaN}"#, "not JSON"),
        ("weather-sensor/sensor/ground_temperature/state", "-127.0", "DS18B20"),
        ("tele/x/SENSOR", "", "empty payload"),
        ("zigbee2mqtt/bridge/state", "online", "bridge"),
    ])
    func decodeRefused(_ topic: String, _ payload: String, _ why: String) throws {
        let report = DecodeReport(topic: topic, payload: Array(payload.utf8), now: now)
        #expect(report.isRejected)
        #expect(report.text.contains(why))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(["rejected", "ignored"].contains(object["verdict"] as? String))
    }

    @Test("decode flags a retained message without a timestamp as of unknown age")
    func decodeRetained() {
        let report = DecodeReport(topic: "zigbee2mqtt/a", payload: Array(#"{"temperature":20}"#.utf8), retained: true, now: now)
        #expect(report.text.contains("age unknown"))
        #expect(report.json.contains(#""age_unknown": true"#))
    }

    @Test("hostile names are printed without their control characters")
    func printable() {
        let report = DecodeReport(topic: "zigbee2mqtt/\u{1B}[2J", payload: Array("{}".utf8), now: now)
        #expect(!report.text.contains("\u{1B}"))
        #expect(report.json.contains("\\u001b"))
    }

    @Test("numbers print without locale formatters and never as -0")
    func numbers() {
        #expect(ReportNumber.format(-0.04, digits: 1) == "0.0")
        #expect(ReportNumber.format(12.388, digits: 1) == "12.4")
        #expect(ReportNumber.format(-3.05, digits: 2) == "-3.05")
        #expect(ReportNumber.compact(1013.0, maxDigits: 2) == "1013")
        #expect(ReportDuration.format(seconds: 7200) == "2 h")
    }
}
