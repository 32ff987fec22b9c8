public import WeatherInfoKit

/// What a configured hub offers, which decides the entities it announces: a changed layout or provider
/// adds or removes entities.
public struct HubFeatures: Sendable, Equatable {
    /// A forecast widget is placed, so the forecast day can be chosen.
    public var forecastDay: Bool
    /// The weather providers whose calls are counted against a daily limit (OpenWeatherMap, Open-Meteo;
    /// the demo makes none).
    public var countedProviders: [WeatherProvider]

    /// Features as given; by default none.
    public init(forecastDay: Bool = false, countedProviders: [WeatherProvider] = []) {
        self.forecastDay = forecastDay
        self.countedProviders = countedProviders
    }
}
