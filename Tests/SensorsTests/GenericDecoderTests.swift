import Testing
@testable import Sensors

@Suite("Generic JSON and plain-number decoders, and pinning")
struct GenericDecoderTests {
    @Test("the socket feed format: the hub's own keys and a sensor name")
    func ownKeys() throws {
        let reading = try #require(
            TestMessages.reading("socket", #"{"sensor":"attic","temperature_C":19.5,"humidity_pct":44,"battery_low":false,"time":"2025-06-14T09:59:00Z"}"#))
        #expect(reading.sensor.rawValue == "attic")
        #expect(reading.values == [.temperature: 19.5, .humidity: 44, .batteryLow: 0])
        #expect(reading.timeSource == .payload)
    }

    @Test("a bare number on a topic naming its quantity")
    func plainNumber() throws {
        let reading = try #require(TestMessages.reading("home/attic/humidity", "55"))
        #expect(reading.sensor.rawValue == "home/attic")
        #expect(reading.values == [.humidity: 55])
    }

    @Test("a subscription can pin the decoder and the field")
    func pinning() throws {
        let settings = TestMessages.settings(subscriptions: [
            SensorSubscription(topicFilter: "lab/+/value", decoder: .plainNumber, field: .co2),
            SensorSubscription(topicFilter: "custom/z2m/#", decoder: .zigbee2mqtt),
        ])
        let co2 = try #require(TestMessages.reading("lab/desk/value", "612", settings: settings))
        #expect(co2.values == [.co2: 612])
        #expect(co2.sensor.rawValue == "lab/desk/value")
        let z2m = try #require(TestMessages.reading("custom/z2m/kitchen", #"{"temperature":22,"voltage":3000}"#, settings: settings))
        #expect(z2m.ecosystem == .zigbee2mqtt)
        #expect(z2m.values[.batteryVoltage] == 3000)
    }

    @Test("MQTT topic filters match as the broker does")
    func topicFilters() {
        #expect(TopicFilter.matches("a/+/c", topic: "a/b/c"))
        #expect(!TopicFilter.matches("a/+/c", topic: "a/b/d/c"))
        #expect(TopicFilter.matches("a/#", topic: "a"))
        #expect(TopicFilter.matches("a/#", topic: "a/b/c"))
        #expect(!TopicFilter.matches("#", topic: "$SYS/broker"))
        #expect(TopicFilter.matches("+/status", topic: "node/status"))
    }

    @Test("an availability word on a status topic of an unknown device")
    func genericAvailability() {
        guard case .availability(let announcement) = TestMessages.interpret("porch/status", "online") else {
            Issue.record("expected availability")
            return
        }
        #expect(announcement.source.rawValue == "porch")
    }
}
