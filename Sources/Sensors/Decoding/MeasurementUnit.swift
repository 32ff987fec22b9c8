/// The units sensor firmware writes, with their conversion to the hub's SI unit for that quantity.
public enum MeasurementUnit: Sendable, Hashable {
    case celsius, fahrenheit, kelvin
    case percent
    case hectopascal, pascal, kilopascal, inchesOfMercury, millimetersOfMercury
    case metersPerSecond, kilometersPerHour, milesPerHour, knots, feetPerSecond
    case millimeters, inches
    case lux, kilolux
    case partsPerMillion
    case millivolts, volts
    case degrees
    case index

    /// What a unit measures; a field only accepts units of its own quantity.
    enum Quantity: Sendable {
        case temperature, ratio, pressure, speed, length, illuminance, concentration, voltage, angle, index
    }

    /// Reads a unit symbol as Tasmota, Home Assistant or ESPHome write it (`°C`, `C`, `hPa`, `km/h`…).
    public init?(symbol: String) {
        switch symbol.trimmingASCIIWhitespace() {
        case "°C", "C", "ºC", "℃", "degC", "celsius", "Celsius": self = .celsius
        case "°F", "F", "ºF", "℉", "degF", "fahrenheit", "Fahrenheit": self = .fahrenheit
        case "K": self = .kelvin
        case "%", "% RH", "%RH": self = .percent
        case "hPa", "mbar", "mb", "millibar": self = .hectopascal
        case "Pa": self = .pascal
        case "kPa": self = .kilopascal
        case "inHg", "in Hg", "inhg": self = .inchesOfMercury
        case "mmHg", "mm Hg", "mmhg", "Torr": self = .millimetersOfMercury
        case "m/s": self = .metersPerSecond
        case "km/h", "kmh", "kph": self = .kilometersPerHour
        case "mph", "mi/h": self = .milesPerHour
        case "kn", "kt", "kts", "knots": self = .knots
        case "ft/s": self = .feetPerSecond
        case "mm": self = .millimeters
        case "in": self = .inches
        case "lx", "lux", "Lux": self = .lux
        case "klx": self = .kilolux
        case "ppm": self = .partsPerMillion
        case "mV": self = .millivolts
        case "V": self = .volts
        case "°", "deg", "º": self = .degrees
        case "UV index", "UVI", "": self = .index
        default: return nil
        }
    }

    /// Whether values of `field` can be given in this unit (`°F` for a temperature, not for a pressure).
    public func canMeasure(_ field: SensorField) -> Bool {
        quantity == field.quantity
    }

    var quantity: Quantity {
        switch self {
        case .celsius, .fahrenheit, .kelvin: .temperature
        case .percent: .ratio
        case .hectopascal, .pascal, .kilopascal, .inchesOfMercury, .millimetersOfMercury: .pressure
        case .metersPerSecond, .kilometersPerHour, .milesPerHour, .knots, .feetPerSecond: .speed
        case .millimeters, .inches: .length
        case .lux, .kilolux: .illuminance
        case .partsPerMillion: .concentration
        case .millivolts, .volts: .voltage
        case .degrees: .angle
        case .index: .index
        }
    }

    /// Converts a value in this unit to the hub's unit for its quantity (°C, %, hPa, m/s, mm, lx, ppm, mV, °).
    func toHubUnit(_ value: Double) -> Double {
        switch self {
        case .celsius, .percent, .hectopascal, .metersPerSecond, .millimeters, .lux, .partsPerMillion,
            .millivolts, .degrees, .index:
            value
        case .fahrenheit: (value - 32) * 5 / 9
        case .kelvin: value - 273.15
        case .pascal: value / 100
        case .kilopascal: value * 10
        case .inchesOfMercury: value * 33.8639
        case .millimetersOfMercury: value * 1.333224
        case .kilometersPerHour: value / 3.6
        case .milesPerHour: value * 0.44704
        case .knots: value * 0.514444
        case .feetPerSecond: value * 0.3048
        case .inches: value * 25.4
        case .kilolux: value * 1000
        case .volts: value * 1000
        }
    }
}

extension SensorField {
    /// The quantity this field measures, to check a stated unit against.
    var quantity: MeasurementUnit.Quantity {
        switch self {
        case .temperature, .temperature2, .dewPoint: .temperature
        case .humidity, .batteryLevel: .ratio
        case .pressure: .pressure
        case .windAverage, .windGust: .speed
        case .windDirection: .angle
        case .rain: .length
        case .illuminance: .illuminance
        case .co2: .concentration
        case .batteryVoltage: .voltage
        case .uvIndex, .batteryLow, .linkQuality: .index
        }
    }
}
