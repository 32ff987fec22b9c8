import Testing
@testable import Sensors

@Suite("Theengs/OpenMQTTGateway and Shelly decoders")
struct BLEAndShellyDecoderTests {
    @Test("OpenMQTTGateway BLE: identity from 'id', Fahrenheit only, voltage in volts")
    func openMQTTGateway() throws {
        let reading = try #require(
            TestMessages.reading("home/OMG_ESP32_BLE/BTtoMQTT/A4C1385E2A11", #"{"id":"a4:c1:38:5e:2a:11","rssi":-70,"model":"LYWSD03MMC","tempf":68,"hum":40,"volt":2.95}"#))
        #expect(reading.sensor.rawValue == "BLE/A4:C1:38:5E:2A:11")
        #expect(abs(reading.values[.temperature]! - 20) < 1e-9)
        #expect(abs(reading.values[.batteryVoltage]! - 2950) < 1e-9)
    }

    @Test("a raw advertisement without decoded values is ignored")
    func rawAdvertisement() {
        guard case .ignored = TestMessages.interpret("home/TheengsGateway/BTtoMQTT/112233445566", #"{"id":"11:22:33:44:55:66","rssi":-90,"servicedata":"abcd"}"#)
        else {
            Issue.record("expected ignored")
            return
        }
    }

    @Test("Shelly Gen1 °F devices convert with the configured unit")
    func gen1Fahrenheit() throws {
        let settings = TestMessages.settings(profiles: [SensorProfile(match: "shellies/shellyht-1", temperatureUnit: "°F")])
        let reading = try #require(TestMessages.reading("shellies/shellyht-1/sensor/temperature", "68", settings: settings))
        #expect(abs(reading.values[.temperature]! - 20) < 1e-9)
        #expect(reading.unitAssumed.isEmpty)
        let unconfigured = try #require(TestMessages.reading("shellies/shellyht-2/sensor/temperature", "20.5"))
        #expect(unconfigured.unitAssumed == [.temperature])
    }

    @Test("Shelly Gen1 online and add-on probes")
    func gen1OnlineAndProbes() throws {
        guard case .availability(let announcement) = TestMessages.interpret("shellies/shelly1-1/online", "false") else {
            Issue.record("expected availability")
            return
        }
        #expect(announcement.state == .offline)
        let probe = try #require(TestMessages.reading("shellies/shelly1-1/ext_temperature/1", "7.25"))
        #expect(probe.sensor.rawValue == "shellies/shelly1-1/ext1")
        #expect(probe.values == [.temperature: 7.25])
    }

    @Test("Shelly Gen2 full status: components merge per id, add-on probes are own sensors")
    func gen2FullStatus() {
        let readings = TestMessages.readings(
            TestMessages.interpret(
                "shellyplusht-abc/events/rpc",
                #"{"src":"shellyplusht-abc","method":"NotifyFullStatus","params":{"ts":1749891600.5,"temperature:0":{"id":0,"tC":21.5,"tF":70.7},"humidity:0":{"id":0,"rh":45.2},"devicepower:0":{"id":0,"battery":{"V":5.9,"percent":80},"external":{"present":false}},"temperature:100":{"id":100,"tC":4.0},"wifi":{"rssi":-60}}}"#))
        #expect(readings.count == 2)
        let device = readings.first { $0.sensor.rawValue == "shellyplusht-abc" }
        #expect(device?.values == [.temperature: 21.5, .humidity: 45.2, .batteryLevel: 80, .batteryVoltage: 5900])
        #expect(readings.first { $0.sensor.rawValue == "shellyplusht-abc/100" }?.values == [.temperature: 4.0])
    }

    @Test("Shelly Gen2 component status topics")
    func gen2StatusTopic() throws {
        let reading = try #require(TestMessages.reading("shellyplusht-abc/status/humidity:0", #"{"id":0,"rh":51.5}"#))
        #expect(reading.sensor.rawValue == "shellyplusht-abc")
        #expect(reading.values == [.humidity: 51.5])
    }
}
