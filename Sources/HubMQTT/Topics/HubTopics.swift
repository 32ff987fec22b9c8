public import WeatherInfoKit

/// The hub's own topics under its base (`weatherhub` by default), documented in docs/home-assistant.md.
/// States are retained; commands are taken on the `…/set` topics.
public struct HubTopics: Sendable, Equatable {
    public let base: String

    public init(base: String) {
        self.base = base
    }

    /// Every fact in one retained JSON object, for Node-RED and scripts.
    public var state: String { "\(base)/state" }
    /// The merged outdoor values, one topic each (JSON with the source and age).
    public var outdoorTemperature: String { "\(base)/outdoor/temperature" }
    public var outdoorHumidity: String { "\(base)/outdoor/humidity" }
    public var outdoorPressure: String { "\(base)/outdoor/pressure" }
    public var condition: String { "\(base)/condition" }
    public var pressureTrend: String { "\(base)/pressure_trend" }
    public var panelLastRefresh: String { "\(base)/panel/last_refresh" }
    public var panelRefreshesSinceFull: String { "\(base)/panel/refreshes_since_full" }
    /// The frame the panel shows, as PNG bytes.
    public var panelImage: String { "\(base)/panel/image" }
    public var problem: String { "\(base)/problem" }
    /// The city shown, as text ("Zürich, CH").
    public var city: String { "\(base)/city" }
    public var citySet: String { "\(base)/city/set" }
    /// The answer to the last city command (JSON).
    public var cityResult: String { "\(base)/city/result" }
    /// The forecast day shown, 0 (today) to 4.
    public var forecastDay: String { "\(base)/forecast_day" }
    public var forecastDaySet: String { "\(base)/forecast_day/set" }
    public var reloadSet: String { "\(base)/reload/set" }

    /// A provider's calls today against its daily limit.
    public func providerCalls(_ provider: WeatherProvider) -> String {
        "\(base)/provider/\(provider.topicLevel)/calls_today"
    }

    /// The topics commands arrive on.
    public var commands: Set<String> { [citySet, forecastDaySet, reloadSet] }

    /// Every retained topic the hub publishes with these features.
    func published(features: HubFeatures) -> Set<String> {
        Set([
            state, outdoorTemperature, outdoorHumidity, outdoorPressure, condition, pressureTrend, panelLastRefresh,
            panelRefreshesSinceFull, panelImage, problem, city, cityResult, forecastDay,
        ] + features.countedProviders.map(providerCalls))
    }
}

extension WeatherProvider {
    /// The provider's level in topics and object ids: `openweathermap`, `open_meteo`.
    var topicLevel: String {
        String(rawValue.map { $0 == "-" ? "_" : $0 })
    }
}
