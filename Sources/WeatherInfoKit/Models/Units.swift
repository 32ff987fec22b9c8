/// The unit system OpenWeatherMap answers in (`units=`). Pressure is always hPa, visibility metres and
/// precipitation millimetres, whatever the system.
public enum Units: String, Sendable, Hashable, Codable, CaseIterable {
    /// °C and m/s.
    case metric
    /// °F and miles per hour.
    case imperial
    /// Kelvin and m/s (OpenWeatherMap's default).
    case standard

    /// The symbol to print after a temperature.
    public var temperatureSymbol: String {
        switch self {
        case .metric: "°C"
        case .imperial: "°F"
        case .standard: "K"
        }
    }

    /// The symbol to print after a wind speed.
    public var windSpeedSymbol: String {
        switch self {
        case .metric, .standard: "m/s"
        case .imperial: "mph"
        }
    }
}
