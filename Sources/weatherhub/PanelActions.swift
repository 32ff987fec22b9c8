import HubControl
import InkWidgets
import Logging
import WeatherInfoKit

/// What panel keys and `weatherctl open` do: choose the forecast day (the seed's `daysFromNow`, kept in
/// the shared defaults) or refresh, then reload the widgets concerned as a key press (exempt from the
/// reload budget).
struct PanelActions: Sendable {
    /// The forecast covers today and the next four days.
    static let lastDay = 4

    let defaults: SharedDefaults
    let center: WidgetCenter
    let logger: Logger

    /// Performs `action` and returns the forecast day shown afterwards.
    func perform(_ action: PanelAction) async throws -> Int {
        let current = defaults.value(for: .selectedForecastDay)
        let day: Int
        switch action {
        case .nextDay: day = min(current + 1, Self.lastDay)
        case .previousDay: day = max(current - 1, 0)
        case .today: day = 0
        case .showDay(let requested): day = min(max(requested, 0), Self.lastDay)
        case .refresh:
            try await center.reloadAllTimelines(reason: .keyPress)
            return current
        }
        if day != current {
            try defaults.set(day, for: .selectedForecastDay)
            logger.info("forecast day selected", metadata: ["forecast.daysFromNow": "\(day)"])
        }
        try await center.reloadAllTimelines(reason: .keyPress)
        return day
    }
}
