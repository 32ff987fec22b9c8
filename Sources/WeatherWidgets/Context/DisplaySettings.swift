public import HubSystem
public import WeatherInfoKit

/// How the widgets write values: the language, the unit system, the clock style, and the hub's own time
/// zone (the daily quote rolls over at its midnight; weather uses the location's UTC offset from the
/// report).
public struct DisplaySettings: Sendable, Hashable {
    /// The language of every word on the panel, and its date and number conventions.
    public var language: PanelLanguage
    /// The units values are shown in, whatever units the weather source answered in.
    public var units: Units
    /// 24-hour or 12-hour times.
    public var clock: ClockStyle
    /// The zone of the hub itself, for the daily quote's date.
    public var timeZone: TimeZoneRules

    /// English, metric, 24-hour clock and the system zone unless told otherwise.
    public init(
        language: PanelLanguage = .english, units: Units = .metric, clock: ClockStyle = .twentyFourHour,
        timeZone: TimeZoneRules = .current
    ) {
        self.language = language
        self.units = units
        self.clock = clock
        self.timeZone = timeZone
    }
}
