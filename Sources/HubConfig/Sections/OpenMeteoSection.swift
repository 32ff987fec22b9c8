import WeatherInfoKit

/// `provider.open_meteo:` — Open-Meteo's URLs, its daily call limit and its minimum interval; its units
/// and language are the provider's, its pauses after faults OpenWeatherMap's.
enum OpenMeteoSection {
    static func read(
        _ section: ConfigMapping, units: Units, language: String?, pauses: CallPolicy
    ) -> (configuration: OpenMeteoConfiguration, callPolicy: CallPolicy) {
        let free = OpenMeteoConfiguration.freeDailyCallLimit
        let configuration = OpenMeteoConfiguration(
            forecastURL: ProviderSection.url(section, "forecast_url", default: OpenMeteoConfiguration.defaultForecastURL),
            geocodingURL: ProviderSection.url(section, "geocoding_url", default: OpenMeteoConfiguration.defaultGeocodingURL),
            units: units, language: language,
            dailyCallLimit: section.scalar(
                "daily_call_limit", default: OpenMeteoConfiguration.defaultDailyCallLimit,
                expected: "a whole number from 1 to \(free - 1), under the free API's \(free) calls a day",
                suggestion: { _ in "e.g. `\(OpenMeteoConfiguration.defaultDailyCallLimit)`; more needs Open-Meteo's paid API" }) { text in
                    Int(text.filter { $0 != "_" }).flatMap { (1..<free).contains($0) ? $0 : nil }
                })
        var policy = pauses
        policy.minimumInterval = section.duration(
            "min_interval", default: OpenMeteoConfiguration.defaultMinimumInterval, in: .seconds(300) ... .seconds(86_400))
        section.finish()
        return (configuration, policy)
    }
}
