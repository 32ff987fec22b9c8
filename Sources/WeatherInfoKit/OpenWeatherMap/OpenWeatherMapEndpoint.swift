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
            query: position(coordinates) + [("exclude", "minutely,alerts")] + options(configuration))
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
        let items = query + [("appid", appid)]
        return baseURL + path + "?" + items.map { "\(Self.percentEncoded($0.name))=\(Self.percentEncoded($0.value))" }.joined(separator: "&")
    }

    private static func place(_ location: Location) -> [(name: String, value: String)] {
        if let coordinates = location.coordinates { return position(coordinates) }
        return [("q", location.nameQuery)]
    }

    private static func position(_ coordinates: Coordinates) -> [(name: String, value: String)] {
        [("lat", decimal(coordinates.latitude)), ("lon", decimal(coordinates.longitude))]
    }

    private static func options(_ configuration: OpenWeatherMapConfiguration) -> [(name: String, value: String)] {
        var items = [(name: "units", value: configuration.units.rawValue)]
        if let language = configuration.language, !language.isEmpty { items.append(("lang", language)) }
        return items
    }

    /// Degrees with at most six decimals and never in exponent form (`1e-05` is not a coordinate
    /// OpenWeatherMap reads).
    static func decimal(_ value: Double) -> String {
        let micro = Int((value * 1_000_000).rounded())
        let sign = micro < 0 ? "-" : ""
        let whole = abs(micro) / 1_000_000
        var fraction = String(abs(micro) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        let trimmed = fraction.trimmingSuffix { $0 == "0" }
        return sign + String(whole) + (trimmed.isEmpty ? "" : "." + trimmed)
    }

    /// RFC 3986 percent-encoding of a query name or value: everything but unreserved ASCII letters,
    /// digits and `-._~` becomes `%XX` of its UTF-8 bytes, so `&`, `?`, `#`, `/`, `=`, `+`, spaces and
    /// non-ASCII letters cannot change the URL's structure.
    static func percentEncoded(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
