import Testing
@testable import Sensors

@Suite("rtl_433 decoder")
struct RTL433DecoderTests {
    @Test("unit suffixes convert to SI: °F, km/h, mph, inches, inHg")
    func unitSuffixes() throws {
        let reading = try #require(
            TestMessages.reading(
                "rtl_433/pi/events",
                #"{"time":"2025-06-14T09:00:00Z","model":"Acurite-5n1","id":1,"channel":"C","temperature_F":50,"wind_avg_km_h":36,"wind_max_mi_h":10,"rain_in":1.5,"pressure_inHg":29.92,"battery_ok":0}"#))
        #expect(reading.sensor.rawValue == "Acurite-5n1/C/1")
        #expect(abs(reading.values[.temperature]! - 10) < 1e-9)
        #expect(abs(reading.values[.windAverage]! - 10) < 1e-9)
        #expect(abs(reading.values[.windGust]! - 4.4704) < 1e-9)
        #expect(abs(reading.values[.rain]! - 38.1) < 1e-9)
        #expect(abs(reading.values[.pressure]! - 1013.2) < 0.05)
        #expect(reading.values[.batteryLow] == 1)
    }

    @Test("a fractional battery_ok is a level, not a flag")
    func batteryLevel() throws {
        let reading = try #require(
            TestMessages.reading("rtl_433/pi/events", #"{"model":"Inkbird-ITH20R","id":1,"battery_ok":0.48,"temperature_C":20}"#))
        #expect(reading.values[.batteryLevel] == 48)
        #expect(reading.values[.batteryLow] == nil)
    }

    @Test("'uv' is the UV index only on Bresser sensors; elsewhere it is a raw count")
    func uvNaming() throws {
        let bresser = try #require(TestMessages.reading("rtl_433/pi/events", #"{"model":"Bresser-6in1","id":1,"uv":3.1,"temperature_C":20}"#))
        #expect(bresser.values[.uvIndex] == 3.1)
        let other = try #require(TestMessages.reading("rtl_433/pi/events", #"{"model":"Fineoffset-WH65B","id":1,"uv":900,"temperature_C":20}"#))
        #expect(other.values[.uvIndex] == nil)
    }

    @Test("the devices tree: one value per topic, identity from the path")
    func devicesTree() throws {
        let reading = try #require(TestMessages.reading("rtl_433/pi/devices/Bresser-6in1/0/411042499/wind_avg_m_s", "2.5"))
        #expect(reading.sensor.rawValue == "Bresser-6in1/0/411042499")
        #expect(reading.values == [.windAverage: 2.5])
        let battery = try #require(TestMessages.reading("rtl_433/pi/devices/Nexus-TH/1/195/battery_ok", "0"))
        #expect(battery.values == [.batteryLow: 1])
        guard case .ignored = TestMessages.interpret("rtl_433/pi/devices/Nexus-TH/1/195/mic", "CRC") else {
            Issue.record("a non-weather devices value should be ignored")
            return
        }
    }

    @Test("tyre pressure sensors are not weather")
    func tpms() {
        let result = TestMessages.interpret("rtl_433/pi/events", #"{"model":"Toyota","type":"TPMS","id":"1a2b","pressure_kPa":230}"#)
        guard case .ignored = result else {
            Issue.record("expected TPMS to be ignored, got \(result)")
            return
        }
    }

    @Test("an event without a model is refused")
    func noModel() {
        #expect(TestMessages.rejection(TestMessages.interpret("rtl_433/pi/events", #"{"id":1,"temperature_C":20}"#)) != nil)
    }

    @Test("events piped to any topic are recognised by their shape")
    func pipedEvents() throws {
        let reading = try #require(
            TestMessages.reading("home/sdr", #"{"time" : "@1.5s", "model" : "Nexus-TH", "id" : 7, "channel" : 2, "temperature_C" : 19.000}"#))
        #expect(reading.ecosystem == .rtl433)
        #expect(reading.sensor.rawValue == "Nexus-TH/2/7")
        #expect(reading.timeSource == .arrival)
    }
}
