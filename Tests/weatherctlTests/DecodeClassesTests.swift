import Foundation
@testable import Sensors
import Testing
@testable import weatherctl

/// `weatherctl sensors decode` on the classes of input a corpus of real payloads found the decoders
/// wrong on; every payload is written from its ecosystem's own documentation of field names and units.
@Suite("sensors decode: field names, units, huge numbers, bare numbers and path-like topics")
struct DecodeClassesTests {
    /// Saturday 14 June 2025, 10:00 UTC.
    let now = Date(timeIntervalSince1970: 1_749_895_200)

    /// The values the report's JSON gives for the one reading it describes.
    private func decodedValues(_ topic: String, _ payload: String, settings: SensorSettings = SensorSettings()) throws
        -> (report: DecodeReport, values: [String: Double], refused: [String])
    {
        let report = DecodeReport(topic: topic, payload: Array(payload.utf8), now: now, settings: settings)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let reading = try #require((object["readings"] as? [[String: Any]])?.first, "\(report.text)")
        let values = (reading["values"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Double }
        let refused = (reading["rejected_fields"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        return (report, values, refused)
    }

    // MARK: rtl_433 field names (docs/DATA_FORMAT.md: `<type>_<unit>`, renamed by `-C si` / `-C customary`)

    @Test("rtl_433 wind under each name in m/s, km/h and mi/h", arguments: [
        // LaCrosse-TX22UIT writes wind_gust_km_h, Netatmo-THW wind_spd_km_h; -C customary renames every _m_s
        // and _km_h key to _mi_h, -C si every _mi_h key to _km_h.
        (#""wind_avg_m_s":5,"wind_max_m_s":10"#, 5.0, 10.0),
        (#""wind_avg_km_h":18,"wind_gust_km_h":36"#, 5.0, 10.0),
        (#""wind_spd_km_h":18,"wind_max_km_h":36"#, 5.0, 10.0),
        (#""wind_avg_mi_h":11.184681,"wind_max_mi_h":22.369363"#, 5.0, 10.0),
        (#""wind_spd_mi_h":11.184681,"wind_gust_mi_h":22.369363"#, 5.0, 10.0),
        (#""wind_speed_m_s":5,"gust_speed_km_h":36"#, 5.0, 10.0),
    ])
    func rtl433Wind(_ keys: String, _ average: Double, _ gust: Double) throws {
        let decoded = try decodedValues("rtl_433/pi/events", #"{"model":"LaCrosse-TX22UIT","id":7,"# + keys + "}")
        #expect(abs((decoded.values["wind_avg_m_s"] ?? .nan) - average) < 1e-4, "\(decoded.report.text)")
        #expect(abs((decoded.values["wind_max_m_s"] ?? .nan) - gust) < 1e-4, "\(decoded.report.text)")
    }

    @Test("rtl_433 rain in mm and in, and the rate is not the counter", arguments: [
        (#""rain_mm":25.4"#, 25.4), (#""rain_in":1.0"#, 25.4), (#""rain_in":1.0,"rain_rate_in_h":0.5"#, 25.4),
    ])
    func rtl433Rain(_ keys: String, _ millimetres: Double) throws {
        let decoded = try decodedValues("rtl_433/pi/events", #"{"model":"Fineoffset-WH65B","id":3,"# + keys + "}")
        #expect(abs((decoded.values["rain_mm"] ?? .nan) - millimetres) < 1e-9, "\(decoded.report.text)")
    }

    @Test("rtl_433 light in lux and klx", arguments: [
        (#"{"model":"Bresser-7in1","id":1,"light_klx":12.345}"#, 12_345.0),
        (#"{"model":"Bresser-7in1","id":1,"light_klx":12.345,"light_lux":12345}"#, 12_345.0),
        (#"{"model":"Fineoffset-WH24","id":1,"light_lux":880}"#, 880.0),
        (#"{"model":"Fineoffset-WHx080","id":1,"lux":880.5}"#, 880.5),
    ])
    func rtl433Light(_ payload: String, _ lux: Double) throws {
        let decoded = try decodedValues("rtl_433/pi/events", payload)
        #expect(abs((decoded.values["light_lux"] ?? .nan) - lux) < 1e-6, "\(decoded.report.text)")
    }

    @Test("rtl_433 UV index as uvi, uv_index, and uv on Bresser; a raw uv count elsewhere is not an index", arguments: [
        (#"{"model":"Fineoffset-WH24","id":1,"uv":1,"uvi":0}"#, 0.0),
        (#"{"model":"Fineoffset-WHx080","id":1,"uv_status":"OK","uv_index":7}"#, 7.0),
        (#"{"model":"Bresser-6in1","id":1,"uv":3.1}"#, 3.1),
        (#"{"model":"Fineoffset-WH65B","id":1,"uv":900,"temperature_C":20}"#, nil),
    ] as [(String, Double?)])
    func rtl433UV(_ payload: String, _ index: Double?) throws {
        let decoded = try decodedValues("rtl_433/pi/events", payload)
        #expect(decoded.values["uv_index"] == index, "\(decoded.report.text)")
    }

    @Test("rtl_433's devices tree reads the same names")
    func rtl433DevicesTree() throws {
        let decoded = try decodedValues("rtl_433/pi/devices/LaCrosse-TX22UIT/7/wind_gust_km_h", "36")
        #expect(decoded.values == ["wind_max_m_s": 10])
    }

    // MARK: Shelly Gen1 (shelly-api-docs gen1: ext_temperature/N in °C, ext_temperature_f/N in °F)

    @Test("a Shelly add-on probe's _f topic is Fahrenheit, the plain one Celsius, neither assumed")
    func shellyProbes() throws {
        let fahrenheit = try decodedValues("shellies/shelly1-98CDAC1F03D2/ext_temperature_f/0", "96.35")
        #expect(fahrenheit.report.text.contains("shellies/shelly1-98CDAC1F03D2/ext0"))
        #expect(abs((fahrenheit.values["temperature_C"] ?? .nan) - 35.75) < 1e-9)
        #expect(!fahrenheit.report.text.contains("unit assumed"))
        let celsius = try decodedValues("shellies/shelly1-98CDAC1F03D2/ext_temperature/1", "35.75")
        #expect(celsius.values == ["temperature_C": 35.75])
        #expect(!celsius.report.text.contains("unit assumed"))
        let humidity = try decodedValues("shellies/shellyuni-98CDAC1F03D2/ext_humidity/0", "48.5")
        #expect(humidity.values == ["humidity_pct": 48.5])
    }

    @Test("a Shelly sensor topic named _f is Fahrenheit; the device's own temperature is not weather")
    func shellyFahrenheitNames() throws {
        let decoded = try decodedValues("shellies/shellyht-6A1B2C/sensor/temperature_f", "68")
        #expect(abs((decoded.values["temperature_C"] ?? .nan) - 20) < 1e-9)
        for topic in ["shellies/shelly1pm-6A1B2C/temperature", "shellies/shelly1pm-6A1B2C/temperature_f"] {
            #expect(DecodeReport(topic: topic, payload: Array("41.2".utf8), now: now).verdict == .ignored)
        }
    }

    // MARK: Numbers too large for a double

    @Test("a number too large for a double drops its field with a reason, not the message", arguments: [
        ("rtl_433/pi/events", #"{"model":"Nexus-TH","id":5,"channel":1,"temperature_C":1e400,"humidity":52}"#),
        ("zigbee2mqtt/balcony", #"{"temperature":-1e999,"humidity":52}"#),
        ("zigbee2mqtt/balcony", #"{"temperature":"1e400","humidity":52}"#),
    ])
    func hugeNumbers(_ topic: String, _ payload: String) throws {
        let decoded = try decodedValues(topic, payload)
        #expect(decoded.report.verdict == .kept)
        #expect(decoded.values == ["humidity_pct": 52])
        #expect(decoded.refused.count == 1)
        #expect(decoded.report.text.contains("does not fit a double"))
    }

    // MARK: Bare numbers: the unit comes from the subscription or the value is refused

    @Test("a bare temperature without a configured unit is refused with how to configure it")
    func bareNumberWithoutUnit() {
        let report = DecodeReport(topic: "home/attic/temperature", payload: Array("21.5".utf8), now: now)
        #expect(report.isRejected)
        #expect(report.text.contains("add `unit: °C (or °F)`"), "\(report.text)")
        #expect(report.json.contains("unknown_unit"))
        for (topic, example) in [("home/attic/pressure", "hPa"), ("home/mast/wind_speed", "m/s"), ("home/gauge/rain", "mm")] {
            let refused = DecodeReport(topic: topic, payload: Array("12".utf8), now: now)
            #expect(refused.isRejected && refused.text.contains("unit: \(example)"), "\(refused.text)")
        }
    }

    @Test("the subscription's unit: converts bare numbers; a quantity with one unit needs none")
    func bareNumberWithUnit() throws {
        var settings = SensorSettings()
        settings.subscriptions = [
            SensorSubscription(topicFilter: "home/+/temperature", unit: .fahrenheit),
            SensorSubscription(topicFilter: "lab/+/value", field: .pressure, unit: MeasurementUnit(symbol: "inHg")),
        ]
        let temperature = try decodedValues("home/attic/temperature", "68", settings: settings)
        #expect(abs((temperature.values["temperature_C"] ?? .nan) - 20) < 1e-9)
        #expect(!temperature.report.text.contains("unit assumed"))
        let pressure = try decodedValues("lab/desk/value", "29.92", settings: settings)
        #expect(abs((pressure.values["pressure_hPa"] ?? .nan) - 1013.21) < 0.01)
        let humidity = try decodedValues("home/attic/humidity", "55")
        #expect(humidity.values == ["humidity_pct": 55])
    }

    // MARK: Path-like topic levels

    @Test("a topic or identity with . or .. levels is refused as a sensor identity", arguments: [
        ("zigbee2mqtt/../balcony", #"{"temperature":20}"#),
        ("home/./attic/temperature", "20"),
        ("home/attic/..", "20"),
        ("shellies/..\\..\\etc/sensor/humidity", "50"),
        ("rtl_433/pi/events", #"{"model":"..","id":1,"temperature_C":20}"#),
        ("rtl_433/pi/devices/Nexus-TH/../7/temperature_C", "20"),
    ])
    func pathLikeLevels(_ topic: String, _ payload: String) {
        let report = DecodeReport(topic: topic, payload: Array(payload.utf8), now: now)
        #expect(report.isRejected, "\(report.text)")
        #expect(report.text.contains("path-like level"), "\(report.text)")
    }

    @Test("dots inside a level are fine")
    func dotsInsideLevels() throws {
        let decoded = try decodedValues("zigbee2mqtt/balcony.north", #"{"temperature":20.5}"#)
        #expect(decoded.values == ["temperature_C": 20.5])
    }
}
