public import WeatherInfoKit

/// Where the weather comes from: the built-in demo source or OpenWeatherMap, with the default city.
public struct ProviderSettings: Sendable, Hashable {
    /// The weather source.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// `DemoWeatherSource`: realistic built-in data, no network or key.
        case demo
        /// `WeatherService(openWeatherMap:…)`.
        case openWeatherMap = "openweathermap"

        /// The provider whose words a fault from this source is told in.
        public var weatherProvider: WeatherProvider {
            switch self {
            case .demo: .demo
            case .openWeatherMap: .openWeatherMap
            }
        }
    }

    /// Default `openweathermap`; `demo: true` picks the demo source.
    public var source: Source
    /// Base URL, plan, units, language and daily call limit.
    public var openWeatherMap: OpenWeatherMapConfiguration
    /// How often the service calls and how it backs off.
    public var refreshPolicy: WeatherInfoKit.RefreshPolicy
    /// The city shown until `weatherctl city set` chooses another. Default Lyon, FR (the demo's city).
    public var defaultCity: Location
    /// The key file `weatherctl key set` writes and the service reads. Default `HubPaths.apiKeyFile`.
    public var apiKeyFile: String
    /// A key written in the configuration itself (`provider.api_key`), accepted only when the file is
    /// not readable by others.
    var configuredAPIKey: ConfiguredAPIKey?

    /// Settings as given.
    public init(
        source: Source = .openWeatherMap, openWeatherMap: OpenWeatherMapConfiguration = OpenWeatherMapConfiguration(),
        refreshPolicy: WeatherInfoKit.RefreshPolicy = WeatherInfoKit.RefreshPolicy(),
        defaultCity: Location = DemoWeatherSource.city, apiKeyFile: String
    ) {
        self.source = source
        self.openWeatherMap = openWeatherMap
        self.refreshPolicy = refreshPolicy
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
