import Foundation
@testable import Sensors
import Testing
@testable import weatherctl

@Suite("CLI reports: decode")
struct DecodeReportTests {
    /// Saturday 14 June 2025, 10:00 UTC.
    let now = Date(timeIntervalSince1970: 1_749_895_200)

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
}
