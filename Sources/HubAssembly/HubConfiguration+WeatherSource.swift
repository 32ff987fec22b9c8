public import HubConfig
public import Logging
public import WeatherInfoKit
import HubSystem

extension HubConfiguration {
    /// The configured weather source: the demo data; OpenWeatherMap with the key from the systemd
    /// credential, the environment, the configuration or the key file; or Open-Meteo; OpenWeatherMap
    /// with Open-Meteo standing in while it fails (`provider.fallback`). Each provider keeps its cache
    /// and call ledger in its own directory of the state directory. Plain `http://` is allowed only to a
    /// loopback address (a local caching proxy, the test server).
    public func makeWeatherSource(environment: [String: String], logger: Logger) -> any WeatherSource {
        switch provider.source {
        case .demo:
            return demoWeatherSource
        case .openMeteo:
            return openMeteoService(environment: environment, logger: logger)
        case .openWeatherMap:
            let openWeatherMap = WeatherService(
                openWeatherMap: provider.openWeatherMap, callPolicy: provider.callPolicy,
                keySource: provider.apiKeySource(environment: environment), cacheDirectory: paths.weatherCacheDirectory,
                transport: transport(for: [provider.openWeatherMap.baseURL], environment: environment), logger: logger)
            switch provider.fallback {
            case .none: return openWeatherMap
            case .openMeteo: return FallbackWeatherSource(primary: openWeatherMap, secondary: openMeteoService(environment: environment, logger: logger))
            }
        }
    }

    /// The demo data in this configuration's units and language, in the hub's zone.
    var demoWeatherSource: DemoWeatherSource {
        DemoWeatherSource(units: provider.openWeatherMap.units, language: provider.openWeatherMap.language, timeZone: .current)
    }

    private func openMeteoService(environment: [String: String], logger: Logger) -> WeatherService {
        WeatherService(
            openMeteo: provider.openMeteo, callPolicy: provider.openMeteoCallPolicy, cacheDirectory: paths.openMeteoCacheDirectory,
            transport: transport(for: [provider.openMeteo.forecastURL, provider.openMeteo.geocodingURL], environment: environment),
            logger: logger)
    }

    /// The transport to `urls`, through the proxies the environment names.
    private func transport(for urls: [String], environment: [String: String]) -> HTTPClientTransport {
        HTTPClientTransport(
            configuration: HTTPClientTransport.Configuration(allowsPlainHTTP: urls.allSatisfy(ProviderURL.isLoopback)), environment: environment)
    }
}
