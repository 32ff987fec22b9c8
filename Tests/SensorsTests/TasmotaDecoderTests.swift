import Testing
@testable import Sensors

@Suite("Tasmota decoder")
struct TasmotaDecoderTests {
    @Test("TempUnit F and PressureUnit mmHg convert to SI")
    func units() throws {
        let reading = try #require(
            TestMessages.reading(
                "tele/garden/SENSOR",
                #"{"Time":"2025-06-14T09:00:00","BME280":{"Temperature":68.0,"Humidity":50,"DewPoint":48.2,"Pressure":760.0},"PressureUnit":"mmHg","TempUnit":"F"}"#))
        #expect(abs(reading.values[.temperature]! - 20) < 1e-9)
        #expect(abs(reading.values[.dewPoint]! - 9) < 1e-9)
        #expect(abs(reading.values[.pressure]! - 1013.25) < 0.01)
    }

    @Test("several sensor blocks become several sensors; numbered DS18B20s are keyed by their Id")
    func severalBlocks() {
        let readings = TestMessages.readings(
            TestMessages.interpret(
                "tele/pool/SENSOR",
                #"{"Time":"2025-06-14T09:00:00","DS18B20-1":{"Id":"AAA","Temperature":24.5},"DS18B20-2":{"Id":"BBB","Temperature":18.0},"ENERGY":{"Power":3},"TempUnit":"C"}"#))
        #expect(readings.map(\.sensor.rawValue).sorted() == ["pool/DS18B20/AAA", "pool/DS18B20/BBB"])
    }

    @Test("SeaPressure wins over station Pressure")
    func seaPressure() throws {
        let reading = try #require(
            TestMessages.reading("tele/x/SENSOR", #"{"BMP280":{"Temperature":20,"Pressure":950.0,"SeaPressure":1010.0},"TempUnit":"C"}"#))
        #expect(reading.values[.pressure] == 1010)
    }

    @Test("LWT is availability of the device's sensors")
    func lwt() {
        guard case .availability(let announcement) = TestMessages.interpret("tele/garden/LWT", "Offline") else {
            Issue.record("LWT not read")
            return
        }
        #expect(announcement.source.rawValue == "garden")
        #expect(announcement.state == .offline)
    }

    @Test("a custom full topic is recognised by the payload's shape")
    func customFullTopic() throws {
        let reading = try #require(
            TestMessages.reading("garden/tele/SENSOR", #"{"Time":"2025-06-14T09:00:00","SHT3X":{"Temperature":20.1,"Humidity":40},"TempUnit":"C"}"#))
        #expect(reading.ecosystem == .tasmota)
        #expect(reading.sensor.rawValue == "garden/tele/SHT3X")
    }
}
