public import InkWidgets
public import Logging
public import SharedDefaultsKit
import WeatherInfoKit
import WeatherWidgets

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

    /// Performs `action` and returns the forecast day shown afterwards (0 = today). The day is read and
    /// written in one step under the shared defaults' lock, so a key press and `weatherctl open` at the
    /// same moment both count.
    public func perform(_ action: PanelAction) async throws -> Int {
        if action == .refresh {
            try await center.reloadAllTimelines(reason: .keyPress)
            return defaults.value(for: .selectedForecastDay)
        }
        var change = (from: 0, to: 0)
        try defaults.update { values in
            change.from = values[.selectedForecastDay]
            change.to = Self.day(after: action, from: change.from)
            values[.selectedForecastDay] = change.to
        }
        if change.to != change.from {
            logger.info("forecast day selected", metadata: ["forecast.daysFromNow": "\(change.to)"])
        }
        try await center.reloadAllTimelines(reason: .keyPress)
        return change.to
    }

    private static func day(after action: PanelAction, from current: Int) -> Int {
        switch action {
        case .nextDay: min(current + 1, lastDay)
        case .previousDay: max(current - 1, 0)
        case .today: 0
        case .showDay(let requested): min(max(requested, 0), lastDay)
        case .refresh: current
        }
    }
}
