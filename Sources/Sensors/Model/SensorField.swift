/// A quantity a sensor reports, always in one SI (or SI-derived) unit. The raw value is the key used in
/// `weatherctl` output, the store and configuration.
public enum SensorField: String, CaseIterable, Sendable, Hashable, Comparable, Codable {
    case temperature = "temperature_C"
    /// A second probe (an external or pool probe next to the main thermometer).
    case temperature2 = "temperature2_C"
    case humidity = "humidity_pct"
    case dewPoint = "dew_point_C"
    case pressure = "pressure_hPa"
    case windAverage = "wind_avg_m_s"
    case windGust = "wind_max_m_s"
    case windDirection = "wind_dir_deg"
    /// The cumulative rain counter as the sensor sends it, not a rate.
    case rain = "rain_mm"
    case uvIndex = "uv_index"
    case illuminance = "light_lux"
    case co2 = "co2_ppm"
    case batteryLevel = "battery_pct"
    /// 1 when the device says its battery is low, 0 when it says it is fine.
    case batteryLow = "battery_low"
    case batteryVoltage = "battery_mV"
    /// Zigbee link quality (0–255): a radio fact, kept to explain gaps.
    case linkQuality = "linkquality"

    /// The key in reports and configuration (`temperature_C`, …).
    public var key: String { rawValue }

    /// The unit symbol shown next to a value; empty for flags and indices.
    public var unit: String {
        switch self {
        case .temperature, .temperature2, .dewPoint: "°C"
        case .humidity, .batteryLevel: "%"
        case .pressure: "hPa"
        case .windAverage, .windGust: "m/s"
        case .windDirection: "°"
        case .rain: "mm"
        case .illuminance: "lx"
        case .co2: "ppm"
        case .batteryVoltage: "mV"
        case .uvIndex, .batteryLow, .linkQuality: ""
        }
    }

    /// Whether the field is a weather or room measurement (as opposed to a fact about the device).
    public var isMeasurement: Bool {
        switch self {
        case .batteryLevel, .batteryLow, .batteryVoltage, .linkQuality: false
        default: true
        }
    }

    /// Whether the value is a yes/no flag stored as 1 or 0.
    public var isFlag: Bool { self == .batteryLow }

    /// The smallest step a widget shows for this field: a change below it changes nothing on the panel.
    public var displayResolution: Double {
        switch self {
        case .temperature, .temperature2, .dewPoint, .windAverage, .windGust, .rain, .uvIndex: 0.1
        case .humidity, .pressure, .windDirection, .illuminance, .co2, .batteryLevel, .batteryLow: 1
        case .batteryVoltage: 10
        case .linkQuality: 1
        }
    }

    /// The quantity's name without its unit (`temperature`, `humidity`, `wind_max`), as a person types it
    /// (`weatherctl sensors history --field`).
    public var name: String {
        switch self {
        case .temperature: "temperature"
        case .temperature2: "temperature2"
        case .humidity: "humidity"
        case .dewPoint: "dew_point"
        case .pressure: "pressure"
        case .windAverage: "wind_avg"
        case .windGust: "wind_max"
        case .windDirection: "wind_dir"
        case .rain: "rain"
        case .uvIndex: "uv_index"
        case .illuminance: "light"
        case .co2: "co2"
        case .batteryLevel: "battery"
        case .batteryLow: "battery_low"
        case .batteryVoltage: "battery_voltage"
        case .linkQuality: "linkquality"
        }
    }

    /// The field named `name` or keyed `key` (`temperature` or `temperature_C`), if any.
    public init?(nameOrKey text: String) {
        guard let field = Self.allCases.first(where: { $0.name == text || $0.key == text }) else { return nil }
        self = field
    }

    /// The field whose report key is `key`, if any.
    public init?(key: String) {
        self.init(rawValue: key)
    }

    public static func < (lhs: SensorField, rhs: SensorField) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    public static func == (lhs: SensorField, rhs: SensorField) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Hashes the case, not the raw text (`RawRepresentable`'s default hashes the string, which costs
    /// more than the dictionary lookup it serves).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt8(truncatingIfNeeded: ordinal))
    }

    /// The field's position in `allCases` (declaration order), for ordering and for tables indexed by field.
    var ordinal: Int {
        switch self {
        case .temperature: 0
        case .temperature2: 1
        case .humidity: 2
        case .dewPoint: 3
        case .pressure: 4
        case .windAverage: 5
        case .windGust: 6
        case .windDirection: 7
        case .rain: 8
        case .uvIndex: 9
        case .illuminance: 10
        case .co2: 11
        case .batteryLevel: 12
        case .batteryLow: 13
        case .batteryVoltage: 14
        case .linkQuality: 15
        }
    }
}
