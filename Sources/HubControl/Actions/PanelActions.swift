public import InkWidgets
public import Logging
public import WeatherInfoKit

/// What panel keys and `weatherctl open` do: choose the forecast day (the seed's `daysFromNow`, kept in
/// the shared defaults) or refresh, then reload the widgets as a key press (exempt from the reload budget).
public struct PanelActions: Sendable {
    /// The forecast covers today and the next four days.
    public static let lastDay = 4

    let defaults: SharedDefaults
    let center: WidgetCenter
    let logger: Logger

    /// Actions on the forecast day kept in `defaults`, reloading through `center`.
    public init(defaults: SharedDefaults, center: WidgetCenter, logger: Logger) {
        self.defaults = defaults
        self.center = center
        self.logger = logger
    }

    /// Performs `action` and returns the forecast day shown afterwards (0 = today).
    public func perform(_ action: PanelAction) async throws -> Int {
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
