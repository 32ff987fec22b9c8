import Testing
@testable import Sensors
import HubSystem

@Suite("zigbee2mqtt decoder")
struct Zigbee2MQTTDecoderTests {
    @Test("friendly names with slashes keep the whole topic as identity")
    func slashNames() throws {
        let reading = try #require(TestMessages.reading("zigbee2mqtt/garden/shed/climate", #"{"temperature":12.5,"humidity":80}"#))
        #expect(reading.sensor.rawValue == "zigbee2mqtt/garden/shed/climate")
    }

    @Test("last_seen as ISO 8601 with offset is the observation time")
    func lastSeenISO() throws {
        let reading = try #require(
            TestMessages.reading("zigbee2mqtt/a", #"{"temperature":20,"last_seen":"2025-06-14T11:30:00+02:00"}"#))
        #expect(reading.timeSource == .payload)
        #expect(CivilTime.iso8601(reading.observedAt) == "2025-06-14T09:30:00Z")
    }

    @Test("legacy availability payloads and bridge topics")
    func availabilityAndBridge() {
        guard case .availability(let announcement) = TestMessages.interpret("zigbee2mqtt/a/availability", "offline") else {
            Issue.record("legacy availability not read")
            return
        }
        #expect(announcement.state == .offline)
        guard case .ignored = TestMessages.interpret("zigbee2mqtt/bridge/state", #"{"state":"online"}"#) else {
            Issue.record("bridge topics must be ignored")
            return
        }
    }

    @Test("attribute output: one value per topic")
    func attributeOutput() throws {
        let reading = try #require(TestMessages.reading("zigbee2mqtt/balcony/temperature", "21.5"))
        #expect(reading.sensor.rawValue == "zigbee2mqtt/balcony")
        #expect(reading.values == [.temperature: 21.5])
    }

    @Test("battery_low flags and lux keys")
    func batteryAndLux() throws {
        let reading = try #require(
            TestMessages.reading("zigbee2mqtt/a", #"{"illuminance":120,"illuminance_lux":35,"battery_low":true}"#))
        #expect(reading.values[.illuminance] == 35)
        #expect(reading.values[.batteryLow] == 1)
    }

    @Test("a state without weather values is ignored, not stored")
    func nonWeather() {
        guard case .ignored = TestMessages.interpret("zigbee2mqtt/plug", #"{"state":"ON","power":12}"#) else {
            Issue.record("expected ignored")
            return
        }
    }
}
