/// One OpenWeatherMap condition (`weather[]` element). Widgets map ``id`` to a glyph; ``description`` is
/// translated (`lang=`) and only for display.
public struct WeatherCondition: Sendable, Hashable, Codable {
    /// The condition code: 2xx thunderstorm, 3xx drizzle, 5xx rain, 6xx snow, 7xx atmosphere, 800 clear,
    /// 80x clouds.
    public var id: Int
    /// The group name in English ("Rain", "Clouds").
    public var main: String
    /// The condition in the requested language ("moderate rain", "pluie modérée").
    public var description: String
    /// OpenWeatherMap's icon code ("10d"); empty when the response had none.
    public var iconCode: String
    /// Day or night, from the icon's `d`/`n` suffix or the forecast's part of day.
    public var isDaytime: Bool

    public init(id: Int, main: String, description: String, iconCode: String, isDaytime: Bool) {
        self.id = id
        self.main = main
        self.description = description
        self.iconCode = iconCode
        self.isDaytime = isDaytime
    }

    /// The kinds of weather the condition codes fall into.
    public enum Group: String, Sendable, Hashable, Codable, CaseIterable {
        case thunderstorm, drizzle, rain, snow, atmosphere, clear, clouds, unknown
    }

    /// The group of ``id`` (freezing rain 511 counts as rain, as OpenWeatherMap files it).
    public var group: Group {
        switch id {
        case 200..<300: .thunderstorm
        case 300..<400: .drizzle
        case 500..<600: .rain
        case 600..<700: .snow
        case 700..<800: .atmosphere
        case 800: .clear
        case 801..<900: .clouds
        default: .unknown
        }
    }

    /// How much this weather matters to someone going out, higher is worse: tornado, thunderstorm,
    /// squall, snow, freezing rain and sleet, rain, drizzle, fog and haze, clouds, clear; heavier before
    /// lighter inside each. ``DailyForecast`` uses it to pick a day's main condition.
    public var severity: Int {
        switch id {
        case 781: 90
        case 212, 202, 232, 221: 82
        case 200..<300: 80
        case 771: 75
        case 602, 622: 72
        case 600..<610, 620..<630: 70
        case 511, 611..<620: 65
        case 503, 504, 522: 62
        case 502: 61
        case 500..<600: 60
        case 302, 312, 314: 52
        case 300..<400: 50
        case 762: 45
        case 700..<800: 40
        case 801..<900: 30 + (id - 800)
        case 800: 0
        default: 1
        }
    }
}
