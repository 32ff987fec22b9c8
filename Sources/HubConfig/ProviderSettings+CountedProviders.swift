import WeatherInfoKit

extension ProviderSettings {
    /// The providers whose calls count against a daily limit: the source and its fallback (the demo
    /// makes no calls).
    var countedProviders: [WeatherProvider] {
        switch source {
        case .demo: []
        case .openMeteo: [.openMeteo]
        case .openWeatherMap: fallback == .openMeteo ? [.openWeatherMap, .openMeteo] : [.openWeatherMap]
        }
    }
}
