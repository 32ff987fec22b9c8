import HubActions
import HubConfig
import WeatherInfoKit

/// One entity the hub announces to Home Assistant, with what its MQTT platform's documentation asks
/// for (home-assistant.io `source/_integrations/<platform>.mqtt.markdown`; docs/home-assistant.md lists
/// the commits followed). The object id is stable: it names the discovery topic and the `unique_id`.
enum HomeAssistantEntity: Sendable, Hashable {
    case outdoorTemperature, outdoorHumidity, outdoorPressure, condition, pressureTrend
    case providerCalls(WeatherProvider)
    case panelLastRefresh, panelRefreshesSinceFull, problem, panelImage
    case city, cityResult, forecastDay, reload

    /// Home Assistant's MQTT platforms the hub uses.
    enum Component: String, Sendable {
        case sensor
        case binarySensor = "binary_sensor"
        case text, select, button, image
    }

    var component: Component {
        switch self {
        case .problem: .binarySensor
        case .city: .text
        case .forecastDay: .select
        case .reload: .button
        case .panelImage: .image
        default: .sensor
        }
    }

    var objectID: String {
        switch self {
        case .outdoorTemperature: "outdoor_temperature"
        case .outdoorHumidity: "outdoor_humidity"
        case .outdoorPressure: "outdoor_pressure"
        case .condition: "condition"
        case .pressureTrend: "pressure_trend"
        case .providerCalls(let provider): "\(provider.topicLevel)_calls_today"
        case .panelLastRefresh: "panel_last_refresh"
        case .panelRefreshesSinceFull: "panel_refreshes_since_full"
        case .problem: "problem"
        case .panelImage: "panel"
        case .city: "city"
        case .cityResult: "city_change"
        case .forecastDay: "forecast_day"
        case .reload: "reload"
        }
    }

    /// The entity's name; Home Assistant shows it after the device's ("WeatherHub Outdoor temperature").
    var name: String {
        switch self {
        case .outdoorTemperature: "Outdoor temperature"
        case .outdoorHumidity: "Outdoor humidity"
        case .outdoorPressure: "Outdoor pressure"
        case .condition: "Condition"
        case .pressureTrend: "Pressure trend"
        case .providerCalls(let provider): "\(provider.displayName) calls today"
        case .panelLastRefresh: "Panel last refresh"
        case .panelRefreshesSinceFull: "Panel refreshes since full refresh"
        case .problem: "Problem"
        case .panelImage: "Panel"
        case .city: "City"
        case .cityResult: "City change"
        case .forecastDay: "Forecast day"
        case .reload: "Reload"
        }
    }

    /// The forecast select's options, one per day `weatherctl open` can show (0 … `PanelActions.lastDay`).
    static let forecastDayOptions: [String] = (0...PanelActions.lastDay).map { day in
        switch day {
        case 0: "Today"
        case 1: "Tomorrow"
        default: "In \(day) days"
        }
    }
}
