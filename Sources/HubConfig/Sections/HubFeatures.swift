public import WeatherInfoKit

/// What a configured hub offers, which decides the entities it announces: a changed layout or provider
/// adds or removes entities.
public struct HubFeatures: Sendable, Equatable {
    /// A forecast widget is placed, so the forecast day can be chosen.
    public var forecastDay: Bool
    /// The weather providers whose calls are counted against a daily limit (OpenWeatherMap, Open-Meteo;
    /// the demo makes none).
    public var countedProviders: [WeatherProvider]
    /// A panel is wired to the hub (`panel: none` has none): its refreshes and frame are entities.
    public var wiredPanel: Bool

    /// Features as given; by default none but the wired panel.
    public init(forecastDay: Bool = false, countedProviders: [WeatherProvider] = [], wiredPanel: Bool = true) {
        self.forecastDay = forecastDay
        self.countedProviders = countedProviders
        self.wiredPanel = wiredPanel
    }
}
