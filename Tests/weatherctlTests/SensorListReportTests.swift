import Foundation
@testable import HubControl
import HubSystem
import Sensors
import Testing
@testable import weatherctl

@Suite("weatherctl sensors: the table and the JSON")
struct SensorListReportTests {
    /// Saturday 14 June 2025, 10:00 UTC.
    let now = Date(timeIntervalSince1970: 1_749_895_200)

    private func storeWithSensors() async throws -> SensorStore {
        let now = self.now
        let store = try SensorStore(
            settings: SensorSettings(profiles: [SensorProfile(match: "zigbee2mqtt/balcony", displayName: "Balcony", role: .outdoor)]),
            now: { now })
        let intake = SensorIntake(settings: SensorSettings(
                subscriptions: SensorSubscription.ecosystemDefaults,
                profiles: [SensorProfile(match: "zigbee2mqtt/balcony", displayName: "Balcony", role: .outdoor)], timeZone: .utc), store: store)
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

    @Test("the service's answer, through the control protocol, prints the same as the store's snapshots")
    func throughTheControlProtocol() async throws {
        let store = try await storeWithSensors()
        let answer = SensorsMethod.Result(sensors: await store.snapshots(), untrackedRejections: 3)
        let received = try JSONDecoder.controlLine.decode(SensorsMethod.Result.self, from: JSONEncoder.controlLine.encode(answer))
        #expect(received == answer)
        #expect(SensorListReport.text(received, json: false, now: now) == SensorListReport.table(await store.snapshots(), untrackedRejections: 3, now: now))
        #expect(SensorListReport.text(received, json: true, now: now) == SensorListReport.json(await store.snapshots(), untrackedRejections: 3, now: now))
        let none = SensorsMethod.Result(sensors: nil, untrackedRejections: 0)
        #expect(SensorListReport.text(none, json: true, now: now) == "[]")
        #expect(SensorListReport.text(none, json: false, now: now).hasPrefix("No sensors: configure `mqtt:` or `socket_feed:`"))
    }
}
