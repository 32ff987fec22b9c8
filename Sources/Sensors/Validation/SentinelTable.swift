/// Values common sensors and libraries emit instead of a reading. Most fall outside the physical range
/// anyway; naming them gives the user the real cause.
enum SentinelTable {
    enum Severity {
        /// Never a real reading.
        case reject
        /// Could be real, but is a known failure value: kept and flagged.
        case suspect
    }

    struct Entry {
        let fields: Set<SensorField>
        let value: Double
        let severity: Severity
        let why: String
    }

    private static let temperatures: Set<SensorField> = [.temperature, .temperature2, .dewPoint]

    static let entries: [Entry] = [
        Entry(fields: temperatures, value: -127, severity: .reject,
              why: "-127 °C is the DS18B20 library's 'disconnected' value (DEVICE_DISCONNECTED_C)"),
        Entry(fields: temperatures, value: 85, severity: .suspect,
              why: "85 °C is the DS18B20 power-on reset value: the conversion may not have run"),
        Entry(fields: temperatures, value: -45, severity: .suspect,
              why: "-45 °C is what an SHT3x/SHT4x reports for an all-zero (failed) read"),
        Entry(fields: temperatures, value: 130, severity: .reject,
              why: "130 °C is what an SHT3x/SHT4x reports for an all-ones (failed) read"),
        Entry(fields: temperatures.union([.humidity]), value: 998, severity: .reject,
              why: "998 is the HTU21D/SHT2x library's I2C timeout code"),
        Entry(fields: temperatures.union([.humidity]), value: 999, severity: .reject,
              why: "999 is the HTU21D/SHT2x library's bad-CRC code"),
        Entry(fields: temperatures.union([.humidity, .pressure]), value: -999, severity: .reject,
              why: "-999 is a common 'no reading' code"),
        Entry(fields: temperatures, value: 327.67, severity: .reject,
              why: "327.67 is a 16-bit 'invalid' value (0x7FFF / 100)"),
        Entry(fields: temperatures, value: -327.68, severity: .reject,
              why: "-327.68 is a 16-bit 'invalid' value (0x8000 / 100)"),
        Entry(fields: temperatures, value: 3276.7, severity: .reject,
              why: "3276.7 is a 16-bit 'invalid' value (0x7FFF / 10)"),
        Entry(fields: [.humidity], value: 255, severity: .reject,
              why: "255 is an 8-bit 'invalid' humidity (0xFF)"),
        Entry(fields: [.windDirection], value: 511, severity: .reject,
              why: "511 is a 9-bit 'invalid' wind direction (0x1FF)"),
    ]

    /// The entries of each field, indexed by the field's position in `SensorField.allCases`.
    private static let entriesByField: [[Entry]] = SensorField.allCases.map { field in
        entries.filter { $0.fields.contains(field) }
    }

    /// The sentinel `value` matches for `field`, if any.
    static func match(_ field: SensorField, _ value: Double) -> Entry? {
        entriesByField[field.ordinal].first { abs($0.value - value) < 1e-6 }
    }
}
