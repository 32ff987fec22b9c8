/// Open-Meteo's `weather_code`, a WMO weather interpretation code (WW, WMO code table 4677) from the
/// subset Open-Meteo documents (https://open-meteo.com/en/docs, "WMO Weather interpretation codes"),
/// as the OpenWeatherMap-style ``WeatherCondition`` the widgets draw: its condition id (for the symbol
/// and the severity that picks a day's condition), group name and icon code, with the day or night
/// variant and a description in the configured language.
enum WMOCondition {
    /// Code → OpenWeatherMap condition id, group name (`main`) and icon without its day/night letter.
    /// Where OpenWeatherMap has no exact match the nearest one is used: freezing drizzle reads as
    /// freezing rain (511), snow grains as light snow (600), rime fog as fog (741), and hail, which
    /// OpenWeatherMap does not name, as a heavy thunderstorm with rain (202).
    private static let conditions: [Int: (id: Int, main: String, icon: String)] = [
        0: (800, "Clear", "01"), 1: (801, "Clouds", "02"), 2: (802, "Clouds", "03"), 3: (804, "Clouds", "04"),
        45: (741, "Fog", "50"), 48: (741, "Fog", "50"),
        51: (300, "Drizzle", "09"), 53: (301, "Drizzle", "09"), 55: (302, "Drizzle", "09"),
        56: (511, "Rain", "13"), 57: (511, "Rain", "13"),
        61: (500, "Rain", "10"), 63: (501, "Rain", "10"), 65: (502, "Rain", "10"),
        66: (511, "Rain", "13"), 67: (511, "Rain", "13"),
        71: (600, "Snow", "13"), 73: (601, "Snow", "13"), 75: (602, "Snow", "13"), 77: (600, "Snow", "13"),
        80: (520, "Rain", "09"), 81: (521, "Rain", "09"), 82: (522, "Rain", "09"),
        85: (620, "Snow", "13"), 86: (622, "Snow", "13"),
        95: (201, "Thunderstorm", "11"), 96: (202, "Thunderstorm", "11"), 99: (202, "Thunderstorm", "11"),
    ]

    /// The codes Open-Meteo documents.
    static var documentedCodes: [Int] { conditions.keys.sorted() }

    /// The condition for a code, `nil` for no code or one Open-Meteo does not document (the panel then
    /// shows no condition rather than a wrong one). `language` is the provider's `language` setting.
    static func condition(code: Int?, isDaytime: Bool, language: String?) -> WeatherCondition? {
        guard let code, let condition = conditions[code], let description = WMODescription.text(for: code, language: language)
        else { return nil }
        return WeatherCondition(
            id: condition.id, main: condition.main, description: description,
            iconCode: condition.icon + (isDaytime ? "d" : "n"), isDaytime: isDaytime)
    }
}
