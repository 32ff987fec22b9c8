/// Which provider's data a report holds: what the panel names when a fallback stands in, and what
/// `weatherctl status` reports per provider.
public enum WeatherProvider: String, Sendable, Hashable, Codable, CaseIterable {
    /// OpenWeatherMap (key required).
    case openWeatherMap = "openweathermap"
    /// Open-Meteo (no key, non-commercial use).
    case openMeteo = "open-meteo"
    /// The built-in demo data.
    case demo

    /// The provider's name as the panel and the CLI write it.
    public var displayName: String {
        switch self {
        case .openWeatherMap: "OpenWeatherMap"
        case .openMeteo: "Open-Meteo"
        case .demo: "demo data"
        }
    }

    /// Whether the provider's calls carry an API key.
    public var needsKey: Bool { self == .openWeatherMap }

    /// The credit the provider's licence asks to show next to its data, when the hub knows of one:
    /// Open-Meteo's data are CC BY 4.0 and it asks for "Weather data by Open-Meteo.com"
    /// (https://open-meteo.com/en/licence).
    public var attribution: String? {
        self == .openMeteo ? "Weather data by Open-Meteo.com" : nil
    }
}
