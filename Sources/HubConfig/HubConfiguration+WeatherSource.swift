public import Logging
public import WeatherInfoKit

extension HubConfiguration {
    /// The configured weather source: the demo data, or OpenWeatherMap with the key from the systemd
    /// credential, the environment, the configuration or the key file, and its cache in the state directory.
    /// Plain `http://` is allowed only to a loopback address (a local caching proxy, the test server).
    public func makeWeatherSource(environment: [String: String], logger: Logger) -> any WeatherSource {
        switch provider.source {
        case .demo:
            DemoWeatherSource(units: provider.openWeatherMap.units)
        case .openWeatherMap:
            WeatherService(
                openWeatherMap: provider.openWeatherMap, refreshPolicy: provider.refreshPolicy,
                keySource: provider.apiKeySource(environment: environment), cacheDirectory: paths.weatherCacheDirectory,
                transport: CurlTransport(configuration: CurlTransport.Configuration(allowsPlainHTTP: baseURLIsLoopback)),
                logger: logger)
        }
    }

    private var baseURLIsLoopback: Bool {
        let url = provider.openWeatherMap.baseURL.lowercased()
        return ["http://127.0.0.1", "http://localhost", "http://[::1]"].contains { url == $0 || url.hasPrefix($0 + ":") || url.hasPrefix($0 + "/") }
    }
}
