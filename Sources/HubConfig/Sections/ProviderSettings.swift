public import WeatherInfoKit

/// Where the weather comes from: the built-in demo source, OpenWeatherMap or Open-Meteo, an optional
/// fallback, and the default city.
public struct ProviderSettings: Sendable, Hashable {
    /// The weather source.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// `DemoWeatherSource`: realistic built-in data, no network or key.
        case demo
        /// `WeatherService(openWeatherMap:…)`.
        case openWeatherMap = "openweathermap"
        /// `WeatherService(openMeteo:…)`: no key, non-commercial use.
        case openMeteo = "open-meteo"

        /// The provider whose words a fault from this source is told in.
        public var weatherProvider: WeatherProvider {
            switch self {
            case .demo: .demo
            case .openWeatherMap: .openWeatherMap
            case .openMeteo: .openMeteo
            }
        }
    }

    /// The provider that stands in while the source fails.
    public enum Fallback: String, Sendable, Hashable, CaseIterable {
        /// None: the panel shows the source's last good data and its fault.
        case none
        /// Open-Meteo, while OpenWeatherMap refuses the key, lacks the subscription, rate-limits or is down.
        case openMeteo = "open-meteo"
    }

    /// Default `openweathermap`; `demo: true`, the older spelling, picks the demo source.
    public var source: Source
    /// Default `none`.
    public var fallback: Fallback
    /// Base URL, plan, units, language and daily call limit.
    public var openWeatherMap: OpenWeatherMapConfiguration
    /// How often the OpenWeatherMap service calls and how it backs off.
    public var callPolicy: CallPolicy
    /// URLs, units, language and daily call limit of Open-Meteo (as source or fallback).
    public var openMeteo: OpenMeteoConfiguration
    /// How often the Open-Meteo service calls (its own minimum interval) and how it backs off (the
    /// same pauses as OpenWeatherMap's).
    public var openMeteoCallPolicy: CallPolicy
    /// The city shown until `weatherctl city set` chooses another. Default Lyon, FR (the demo's city).
    public var defaultCity: Location
    /// The key file `weatherctl key set` writes and the service reads. Default `HubPaths.apiKeyFile`.
    public var apiKeyFile: String
    /// A key written in the configuration itself (`provider.api_key`), accepted only when the file is
    /// not readable by others.
    var configuredAPIKey: ConfiguredAPIKey?

    /// Settings as given.
    public init(
        source: Source = .openWeatherMap, fallback: Fallback = .none,
        openWeatherMap: OpenWeatherMapConfiguration = OpenWeatherMapConfiguration(),
        callPolicy: CallPolicy = CallPolicy(),
        openMeteo: OpenMeteoConfiguration = OpenMeteoConfiguration(),
        openMeteoCallPolicy: CallPolicy = CallPolicy(minimumInterval: OpenMeteoConfiguration.defaultMinimumInterval),
        defaultCity: Location = DemoWeatherSource.city, apiKeyFile: String
    ) {
        self.source = source
        self.fallback = fallback
        self.openWeatherMap = openWeatherMap
        self.callPolicy = callPolicy
        self.openMeteo = openMeteo
        self.openMeteoCallPolicy = openMeteoCallPolicy
        self.defaultCity = defaultCity
        self.apiKeyFile = apiKeyFile
    }

    /// Whether the configuration holds the API key itself.
    public var hasConfiguredAPIKey: Bool { configuredAPIKey != nil }

    /// Where the service looks for the key: the systemd credential, `OPENWEATHERMAP_API_KEY`, a key in
    /// the configuration, then the key file.
    public func apiKeySource(environment: [String: String]) -> APIKeySource {
        APIKeySource(keyFile: apiKeyFile, environment: environment, configuredKey: configuredAPIKey)
    }
}
