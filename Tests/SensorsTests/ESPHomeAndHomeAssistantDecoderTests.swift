import Testing
@testable import Sensors

@Suite("ESPHome and Home Assistant decoders")
struct ESPHomeAndHomeAssistantDecoderTests {
    @Test("a discovery config teaches the unit of an ESPHome state topic")
    func discoveryUnit() throws {
        let config = TestMessages.interpret(
            "homeassistant/sensor/weather-sensor/temperature/config",
            #"{"~":"weather-sensor/sensor/temperature","stat_t":"~/state","unit_of_meas":"°F","dev_cla":"temperature","name":"T"}"#)
        guard case .unitHint(let stateTopic, let hint) = config else {
            Issue.record("expected a unit hint, got \(config)")
            return
        }
        #expect(stateTopic == "weather-sensor/sensor/temperature/state")
        var hints = UnitHintRegistry(capacity: 4)
        hints.learn(hint, for: stateTopic)
        let reading = try #require(TestMessages.reading("weather-sensor/sensor/temperature/state", "68.0", unitHints: hints))
        #expect(abs(reading.values[.temperature]! - 20) < 1e-9)
        #expect(reading.unitAssumed.isEmpty)
    }

    @Test("without metadata the object id names the field and the unit is flagged as assumed")
    func assumedUnit() throws {
        let reading = try #require(TestMessages.reading("node/sensor/outside_pressure/state", "1013.2"))
        #expect(reading.values == [.pressure: 1013.2])
        #expect(reading.unitAssumed == [.pressure])
    }

    @Test("ESPHome's nan for a failed sensor is refused")
    func nanState() {
        #expect(TestMessages.rejection(TestMessages.interpret("node/sensor/temperature/state", "nan"))?.code == .nonFiniteNumber)
    }

    @Test("a state whose name is no weather quantity is ignored")
    func unknownQuantity() {
        guard case .ignored = TestMessages.interpret("node/sensor/wifi_signal/state", "-60") else {
            Issue.record("expected ignored")
            return
        }
    }

    @Test("a rain rate is not read as the rain counter; the counter is")
    func rainRateIsNotTheCounter() throws {
        for topic in ["node/sensor/rain_rate/state", "node/sensor/precipitation_intensity/state"] {
            guard case .ignored = TestMessages.interpret(topic, "2.5") else {
                Issue.record("\(topic): expected ignored")
                continue
            }
        }
        var hints = UnitHintRegistry(capacity: 4)
        hints.learn(UnitHint(unit: "mm", deviceClass: nil), for: "node/sensor/rain_total/state")
        let reading = try #require(TestMessages.reading("node/sensor/rain_total/state", "12.5", unitHints: hints))
        #expect(reading.values == [.rain: 12.5])
    }

    @Test("a unit that does not fit the quantity is refused")
    func wrongUnit() {
        var hints = UnitHintRegistry(capacity: 4)
        hints.learn(UnitHint(unit: "%", deviceClass: "temperature"), for: "node/sensor/t/state")
        #expect(
            TestMessages.rejection(TestMessages.interpret("node/sensor/t/state", "20", unitHints: hints))?.code
                == .unsupportedUnit)
    }

    @Test("statestream joins the JSON-encoded unit attribute to the state")
    func statestreamUnit() throws {
        let unit = TestMessages.interpret("homeassistant/sensor/outdoor_temperature/unit_of_measurement", #""°F""#)
        guard case .unitHint(let stateTopic, let hint) = unit else {
            Issue.record("expected a unit hint, got \(unit)")
            return
        }
        #expect(stateTopic == "homeassistant/sensor/outdoor_temperature/state")
        var hints = UnitHintRegistry(capacity: 4)
        hints.learn(hint, for: stateTopic)
        let reading = try #require(TestMessages.reading(stateTopic, "50", unitHints: hints))
        #expect(reading.sensor.rawValue == "ha/sensor.outdoor_temperature")
        #expect(abs(reading.values[.temperature]! - 10) < 1e-9)
    }

    @Test("statestream 'unavailable' is an availability, 'unknown' is nothing")
    func statestreamStates() {
        guard case .availability(let announcement) = TestMessages.interpret("homeassistant/sensor/x_temperature/state", "unavailable")
        else {
            Issue.record("expected availability")
            return
        }
        #expect(announcement.state == .offline)
        guard case .ignored = TestMessages.interpret("homeassistant/sensor/x_temperature/state", "unknown") else {
            Issue.record("expected ignored")
            return
        }
    }

    @Test("the unit-hint registry stays bounded")
    func registryBound() {
        var hints = UnitHintRegistry(capacity: 2)
        for index in 0..<5 { hints.learn(UnitHint(unit: "°C", deviceClass: nil), for: "t\(index)") }
        #expect(hints.count == 2)
        #expect(hints["t4"] != nil && hints["t0"] == nil)
    }
}
