public import Logging
public import WeatherInfoKit

extension HubConfiguration {
    /// The configured weather source: the demo data, or OpenWeatherMap with the key from the systemd
    /// credential, the environment, the configuration or the key file, and its cache in the state directory.
    public func makeWeatherSource(environment: [String: String], logger: Logger) -> any WeatherSource {
        switch provider.source {
        case .demo:
            DemoWeatherSource(units: provider.openWeatherMap.units)
        case .openWeatherMap:
            OpenWeatherMapService(
                configuration: provider.openWeatherMap, refreshPolicy: provider.refreshPolicy,
                keySource: provider.apiKeySource(environment: environment), cacheDirectory: paths.weatherCacheDirectory,
                logger: logger)
        }
    }
}
