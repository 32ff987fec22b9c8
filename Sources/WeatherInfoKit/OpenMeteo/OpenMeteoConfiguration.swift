import HubSystem

/// What to ask Open-Meteo for and where. Its free API needs no key and is for non-commercial use
/// (https://open-meteo.com/en/terms).
public struct OpenMeteoConfiguration: Sendable, Hashable {
    /// The forecast API, over HTTPS.
    public static let defaultForecastURL = "https://api.open-meteo.com"
    /// The geocoding API, over HTTPS.
    public static let defaultGeocodingURL = "https://geocoding-api.open-meteo.com"
    /// The free API's published limit: fewer than 10,000 calls a day per network address.
    public static let freeDailyCallLimit = 10_000
    /// The daily limit kept when none is configured: half the free limit, because the free limit counts
    /// per network address and other devices behind the same router (a home automation server, a
    /// phone app) may use Open-Meteo too. At the 15-minute interval one place costs 288 calls a day.
    public static let defaultDailyCallLimit = 5_000
    /// Open-Meteo's current conditions are 15-minutely data: calling more often brings nothing new.
    public static let defaultMinimumInterval: Duration = .seconds(900)

    /// Scheme, host and optional port (and path prefix) of the forecast API, without a trailing slash;
    /// tests and proxies point it elsewhere.
    public var forecastURL: String
    /// The same for the geocoding API.
    public var geocodingURL: String
    /// The units asked for (Kelvin is computed from °C); amounts are always mm.
    public var units: Units
    /// The language of condition descriptions and place names ("en", "de", "pt_br"); `nil` for English.
    public var language: String?
    /// The most calls the service makes per UTC day, as Open-Meteo counts them (geocoding included).
    public var dailyCallLimit: Int

    /// A configuration; the defaults are Open-Meteo's free API in metric units, in English.
    public init(
        forecastURL: String = OpenMeteoConfiguration.defaultForecastURL,
        geocodingURL: String = OpenMeteoConfiguration.defaultGeocodingURL,
        units: Units = .metric, language: String? = nil, dailyCallLimit: Int = OpenMeteoConfiguration.defaultDailyCallLimit
    ) {
        self.forecastURL = String(forecastURL.trimmingSuffix { $0 == "/" })
        self.geocodingURL = String(geocodingURL.trimmingSuffix { $0 == "/" })
        self.units = units
        self.language = language
        self.dailyCallLimit = dailyCallLimit
    }
}
