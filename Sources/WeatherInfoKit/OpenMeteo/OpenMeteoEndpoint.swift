import HubSystem

/// One Open-Meteo call: the forecast for a point, or a place search. Calls carry no key, so the URL may
/// be logged as it is.
struct OpenMeteoEndpoint: Sendable {
    var url: String

    /// The variables a refresh asks for: ten current, ten hourly and ten daily (see docs/open-meteo.md).
    static let currentVariables = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day", "weather_code", "cloud_cover",
        "pressure_msl", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
    ]
    static let hourlyVariables = [
        "temperature_2m", "apparent_temperature", "weather_code", "is_day", "precipitation_probability", "rain", "showers",
        "snowfall", "pressure_msl", "uv_index",
    ]
    static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max", "rain_sum", "showers_sum",
        "snowfall_sum", "uv_index_max", "sunrise", "sunset",
    ]
    /// Days of daily data: today and five more, so the five-day row stays full past local midnight
    /// until the next fetch.
    static let forecastDays = 6
    /// Hours of hourly data ahead of the current hour, and behind it (for the pressure trend).
    static let forecastHours = 48
    static let pastHours = 6

    /// What a forecast call costs as Open-Meteo counts calls: one per ten variables for up to 14 days
    /// (https://open-meteo.com/en/pricing, "API calls"), so 30 variables cost 3.
    static var forecastCallWeight: Int {
        let variables = currentVariables.count + hourlyVariables.count + dailyVariables.count
        return max(1, (variables + 9) / 10)
    }

    /// `/v1/forecast` at the point, in the location's own time zone (`timezone=auto`) with Unix times.
    static func forecast(at coordinates: Coordinates, configuration: OpenMeteoConfiguration) -> Self {
        let units = configuration.units
        let query: [(name: String, value: String)] = [
            ("latitude", URLQuery.decimal(coordinates.latitude)), ("longitude", URLQuery.decimal(coordinates.longitude)),
            ("current", currentVariables.joined(separator: ",")),
            ("hourly", hourlyVariables.joined(separator: ",")),
            ("daily", dailyVariables.joined(separator: ",")),
            ("timezone", "auto"), ("timeformat", "unixtime"),
            ("temperature_unit", units == .imperial ? "fahrenheit" : "celsius"),
            ("wind_speed_unit", units == .imperial ? "mph" : "ms"),
            ("precipitation_unit", "mm"),
            ("forecast_days", String(forecastDays)), ("forecast_hours", String(forecastHours)), ("past_hours", String(pastHours)),
        ]
        return Self(url: URLQuery.url(configuration.forecastURL, path: "/v1/forecast", query))
    }

    /// `/v1/search`: up to `limit` places for a name, named in the configured language. A trailing
    /// two-letter part ("Paris,FR", `Location.nameQuery`'s form) becomes `countryCode`; a part between
    /// (a US state) stays in the name, which Open-Meteo reads as the first administrative area.
    static func search(_ query: String, limit: Int, configuration: OpenMeteoConfiguration) -> Self {
        var parts = query.split(separator: ",").map { $0.trimmedWhitespace }.filter { !$0.isEmpty }
        var country: [(name: String, value: String)] = []
        if parts.count > 1, let last = parts.last, last.count == 2, last.allSatisfy({ $0.isASCII && $0.isLetter }) {
            parts.removeLast()
            country = [("countryCode", last.uppercased())]
        }
        let language = configuration.language?.lowercased().split(separator: "_").first.map(String.init) ?? "en"
        let query: [(name: String, value: String)] =
            [("name", parts.joined(separator: ", "))] + country
            + [("count", String(min(100, max(1, limit)))), ("language", language), ("format", "json")]
        return Self(url: URLQuery.url(configuration.geocodingURL, path: "/v1/search", query))
    }

    /// The request.
    var request: HTTPRequest {
        HTTPRequest(url: url, headers: [HTTPHeader(name: "Accept", value: "application/json")])
    }
}
