/// One OpenWeatherMap call: its path and query, turned into a request whose values are all
/// percent-encoded, and into a redacted URL for logs.
struct OpenWeatherMapEndpoint: Sendable {
    var path: String
    var query: [(name: String, value: String)]

    /// `/data/2.5/weather` by coordinates when known, else by name.
    static func currentWeather(for location: Location, configuration: OpenWeatherMapConfiguration) -> Self {
        Self(path: "/data/2.5/weather", query: place(location) + options(configuration))
    }

    /// `/data/2.5/forecast` (5 days, 3-hourly) by coordinates when known, else by name.
    static func forecast(for location: Location, configuration: OpenWeatherMapConfiguration) -> Self {
        Self(path: "/data/2.5/forecast", query: place(location) + options(configuration))
    }

    /// `/data/3.0/onecall` without the minutely data and alerts the panel does not show.
    static func oneCall(at coordinates: Coordinates, configuration: OpenWeatherMapConfiguration) -> Self {
        Self(
            path: "/data/3.0/onecall",
            query: position(coordinates) + [("exclude", "minutely")] + options(configuration))
    }

    /// `/geo/1.0/direct`: up to `limit` (at most 5) candidates for a name.
    static func geocoding(_ name: String, limit: Int) -> Self {
        Self(path: "/geo/1.0/direct", query: [("q", name), ("limit", String(min(5, max(1, limit))))])
    }

    /// The request, with the key as `appid`.
    func request(baseURL: String, key: APIKey) -> HTTPRequest {
        HTTPRequest(url: url(baseURL: baseURL, appid: key.value), headers: [HTTPHeader(name: "Accept", value: "application/json")])
    }

    /// The same URL with the key replaced, the only form that may be logged.
    func redactedURL(baseURL: String) -> String {
        url(baseURL: baseURL, appid: "REDACTED")
    }

    private func url(baseURL: String, appid: String) -> String {
        URLQuery.url(baseURL, path: path, query + [("appid", appid)])
    }

    private static func place(_ location: Location) -> [(name: String, value: String)] {
        if let coordinates = location.coordinates { return position(coordinates) }
        return [("q", location.nameQuery)]
    }

    private static func position(_ coordinates: Coordinates) -> [(name: String, value: String)] {
        [("lat", URLQuery.decimal(coordinates.latitude)), ("lon", URLQuery.decimal(coordinates.longitude))]
    }

    private static func options(_ configuration: OpenWeatherMapConfiguration) -> [(name: String, value: String)] {
        var items = [(name: "units", value: configuration.units.rawValue)]
        if let language = configuration.language, !language.isEmpty { items.append(("lang", language)) }
        return items
    }
}
