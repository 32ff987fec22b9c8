import HubConfig
public import WeatherInfoKit

/// The hub's own topics under its base (`weatherhub` by default), documented in docs/home-assistant.md.
/// States are retained; commands are taken on the `…/set` topics.
public struct HubTopics: Sendable, Equatable {
    /// The root of every topic (`mqtt.base_topic`).
    public let base: String

    /// The topics under `base`.
    public init(base: String) {
        self.base = base
    }

    /// Every fact in one retained JSON object, for Node-RED and scripts.
    public var state: String { "\(base)/state" }
    /// The merged outdoor values, one topic each (JSON with the source and age).
    public var outdoorTemperature: String { "\(base)/outdoor/temperature" }
    /// % relative humidity.
    public var outdoorHumidity: String { "\(base)/outdoor/humidity" }
    /// hPa at sea level.
    public var outdoorPressure: String { "\(base)/outdoor/pressure" }
    /// The provider's current condition in words.
    public var condition: String { "\(base)/condition" }
    /// `rising`, `falling` or `steady` over three hours.
    public var pressureTrend: String { "\(base)/pressure_trend" }
    /// When the panel last refreshed (ISO 8601).
    public var panelLastRefresh: String { "\(base)/panel/last_refresh" }
    /// Partial and fast refreshes since the last full one.
    public var panelRefreshesSinceFull: String { "\(base)/panel/refreshes_since_full" }
    /// The frame the panel shows, as PNG bytes.
    public var panelImage: String { "\(base)/panel/image" }
    /// `ON` with the reasons while something makes the panel wrong or old.
    public var problem: String { "\(base)/problem" }
    /// The city shown, as text ("Zürich, CH").
    public var city: String { "\(base)/city" }
    /// Takes a place name, as `weatherctl city set`.
    public var citySet: String { "\(base)/city/set" }
    /// The answer to the last city command (JSON).
    public var cityResult: String { "\(base)/city/result" }
    /// The forecast day shown, 0 (today) to 4.
    public var forecastDay: String { "\(base)/forecast_day" }
    /// Takes `0` … `4`, as `weatherctl open`.
    public var forecastDaySet: String { "\(base)/forecast_day/set" }
    /// Takes `PRESS`, as `weatherctl reload`.
    public var reloadSet: String { "\(base)/reload/set" }

    /// A provider's calls today against its daily limit.
    public func providerCalls(_ provider: WeatherProvider) -> String {
        "\(base)/provider/\(provider.topicLevel)/calls_today"
    }

    /// The topics commands arrive on.
    public var commands: Set<String> { [citySet, forecastDaySet, reloadSet] }

    /// Every retained topic the hub publishes with these features.
    func published(features: HubFeatures) -> Set<String> {
        Set([state, outdoorTemperature, outdoorHumidity, outdoorPressure, condition, pressureTrend, problem, city, cityResult, forecastDay]
            + (features.wiredPanel ? [panelLastRefresh, panelRefreshesSinceFull, panelImage] : [])
            + features.countedProviders.map(providerCalls))
    }
}

extension WeatherProvider {
    /// The provider's level in topics and object ids: `openweathermap`, `open_meteo`.
    var topicLevel: String {
        String(rawValue.map { $0 == "-" ? "_" : $0 })
    }
}
