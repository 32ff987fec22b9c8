public import HubSystem
public import WeatherInfoKit

/// How the widgets write values: the unit system, the clock style, and the hub's own time zone (the
/// daily quote rolls over at its midnight; weather uses the location's UTC offset from the report).
public struct DisplaySettings: Sendable, Hashable {
    /// The units values are shown in, whatever units the weather source answered in.
    public var units: Units
    /// 24-hour or 12-hour times.
    public var clock: ClockStyle
    /// The zone of the hub itself, for the daily quote's date.
    public var timeZone: TimeZoneRules

    /// Metric, 24-hour clock and the system zone unless told otherwise.
    public init(units: Units = .metric, clock: ClockStyle = .twentyFourHour, timeZone: TimeZoneRules = .current) {
        self.units = units
        self.clock = clock
        self.timeZone = timeZone
    }
}
