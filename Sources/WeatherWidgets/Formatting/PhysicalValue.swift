import WeatherInfoKit

/// Conversions between the weather source's units, SI (what the sensor merge uses) and the display
/// units, and the ranges outside which a value is treated as missing rather than shown.
enum PhysicalValue {
    /// °C from a temperature in `units`.
    static func celsius(_ value: Double, from units: Units) -> Double {
        switch units {
        case .metric: value
        case .imperial: (value - 32) * 5 / 9
        case .standard: value - 273.15
        }
    }

    /// A °C temperature in `units`.
    static func temperature(celsius: Double, in units: Units) -> Double {
        switch units {
        case .metric: celsius
        case .imperial: celsius * 9 / 5 + 32
        case .standard: celsius + 273.15
        }
    }

    /// m/s from a speed in `units`.
    static func metresPerSecond(_ value: Double, from units: Units) -> Double {
        units == .imperial ? value * 0.447_04 : value
    }

    /// An m/s speed in `units`.
    static func speed(metresPerSecond: Double, in units: Units) -> Double {
        units == .imperial ? metresPerSecond / 0.447_04 : metresPerSecond
    }

    /// Whether a °C value can be a real air temperature (records are −89 °C and 57 °C).
    static func isPlausible(celsius: Double) -> Bool { celsius.isFinite && celsius > -100 && celsius < 70 }
    /// Relative humidity in %.
    static func isPlausible(humidity: Double) -> Bool { humidity.isFinite && humidity >= 0 && humidity <= 100 }
    /// Wind in m/s (the strongest gust measured is 113 m/s).
    static func isPlausible(windSpeed: Double) -> Bool { windSpeed.isFinite && windSpeed >= 0 && windSpeed < 120 }
    /// Sea-level pressure in hPa.
    static func isPlausible(pressure: Double) -> Bool { pressure.isFinite && pressure > 850 && pressure < 1090 }
}
