public import Foundation
import Synchronization

/// A fake OpenWeatherMap on loopback, over a real ``HTTPTestServer``: it serves `/data/2.5/weather`,
/// `/data/2.5/forecast`, `/data/3.0/onecall` and `/geo/1.0/direct` per city (by `q=` or by `lat`/`lon`),
/// answers 401 for keys it does not accept, 404 for cities it does not know, and lets a test replace any
/// answer, or everything at a path, with any status, body and delivery. For WeatherInfoKit's tests and the
/// end-to-end tests that run the whole service.
public final class OpenWeatherMapTestServer: StoppableServer {
    public typealias City = OpenWeatherMapTestBodies.City
    public typealias Response = HTTPTestServer.Response

    /// The key the server accepts unless told otherwise (32 hex digits, like a real key).
    public static let validKey = "0123456789abcdef0123456789abcdef"

    private struct Routes {
        var cities: [City] = []
        var current: [String: Response] = [:]
        var forecast: [String: Response] = [:]
        var oneCall: [String: Response] = [:]
        var geocoding: [String: Response] = [:]
        var paths: [String: Response] = [:]
        var acceptedKeys: Set<String>
        var oneCallKeys: Set<String>
    }

    /// The underlying HTTP server (its requests, its base URL).
    public let http: HTTPTestServer
    private let routes: Mutex<Routes>

    /// `http://127.0.0.1:<port>`: the base URL to configure the client with.
    public var baseURL: String { http.baseURL }

    /// Every request read so far.
    public var requests: [HTTPTestServer.Request] { http.requests }

    /// Starts a server that accepts `acceptedKeys`, of which `oneCallKeys` also have One Call 3.0.
    public static func start(
        acceptedKeys: Set<String> = [validKey], oneCallKeys: Set<String> = []
    ) async throws -> OpenWeatherMapTestServer {
        let http = try await HTTPTestServer.start()
        let server = OpenWeatherMapTestServer(http: http, routes: Routes(acceptedKeys: acceptedKeys, oneCallKeys: oneCallKeys))
        http.setHandler { [server] request in server.answer(request) }
        return server
    }

    /// Starts a server, runs `body` with it and stops it, also when `body` throws.
    @discardableResult
    public static func withRunningServer<Result>(
        acceptedKeys: Set<String> = [validKey], oneCallKeys: Set<String> = [],
        _ body: (OpenWeatherMapTestServer) async throws -> Result
    ) async throws -> Result {
        try await start(acceptedKeys: acceptedKeys, oneCallKeys: oneCallKeys).run(body)
    }

    private init(http: HTTPTestServer, routes: Routes) {
        self.http = http
        self.routes = Mutex(routes)
    }

    /// Adds a city with generated answers as of `time`: current weather, 40 forecast slots and One Call.
    public func addCity(_ city: City, at time: Date) {
        routes.withLock { routes in
            routes.cities.append(city)
            let key = Self.key(city)
            routes.current[key] = .json(OpenWeatherMapTestBodies.currentWeather(city, at: time))
            routes.forecast[key] = .json(OpenWeatherMapTestBodies.forecast(city, slots: OpenWeatherMapTestBodies.standardSlots(after: time)))
            routes.oneCall[key] = .json(OpenWeatherMapTestBodies.oneCall(city, at: time))
        }
    }

    /// Replaces the `/data/2.5/weather` answer of the added cities with that name (and country, if given).
    public func setCurrentWeather(_ response: Response, forCity name: String, country: String? = nil) {
        routes.withLock { routes in
            for key in Self.keys(of: routes.cities, name: name, country: country) { routes.current[key] = response }
        }
    }

    /// Replaces the `/data/2.5/forecast` answer of the added cities with that name (and country, if given).
    public func setForecast(_ response: Response, forCity name: String, country: String? = nil) {
        routes.withLock { routes in
            for key in Self.keys(of: routes.cities, name: name, country: country) { routes.forecast[key] = response }
        }
    }

    /// Replaces the `/data/3.0/onecall` answer of the added cities with that name (and country, if given).
    public func setOneCall(_ response: Response, forCity name: String, country: String? = nil) {
        routes.withLock { routes in
            for key in Self.keys(of: routes.cities, name: name, country: country) { routes.oneCall[key] = response }
        }
    }

    /// Sets the geocoding answer for a `q=` value (compared case-insensitively); without one, the known
    /// cities whose name matches are listed.
    public func setGeocoding(_ response: Response, forQuery query: String) {
        routes.withLock { $0.geocoding[query.lowercased()] = response }
    }

    /// Answers every request for `path` with `response` whatever the key or city (`nil` removes it).
    public func setAnswer(_ response: Response?, forPath path: String) {
        routes.withLock { $0.paths[path] = response }
    }

    /// Changes which keys are accepted (a new key becoming active).
    public func setAcceptedKeys(_ keys: Set<String>) {
        routes.withLock { $0.acceptedKeys = keys }
    }

    /// Changes which keys have the One Call 3.0 subscription.
    public func setOneCallKeys(_ keys: Set<String>) {
        routes.withLock { $0.oneCallKeys = keys }
    }

    /// Stops the server.
    public func stop() async throws {
        try await http.stop()
    }

    private func answer(_ request: HTTPTestServer.Request) -> Response {
        routes.withLock { routes in
            if let fixed = routes.paths[request.path] { return fixed }
            guard let key = request.queryValue("appid"), routes.acceptedKeys.contains(key) else {
                return .json(OpenWeatherMapTestBodies.invalidKey, status: 401)
            }
            switch request.path {
            case "/geo/1.0/direct":
                let query = request.queryValue("q") ?? ""
                if let fixed = routes.geocoding[query.lowercased()] { return fixed }
                let limit = Int(request.queryValue("limit") ?? "5") ?? 5
                let matches = routes.cities.filter { Self.matches($0, query: query) }.prefix(limit)
                return .json(OpenWeatherMapTestBodies.geocoding(Array(matches)))
            case "/data/2.5/weather", "/data/2.5/forecast", "/data/3.0/onecall":
                if request.path == "/data/3.0/onecall", !routes.oneCallKeys.contains(key) {
                    return .json(OpenWeatherMapTestBodies.oneCallNotSubscribed, status: 401)
                }
                guard let city = Self.city(for: request, in: routes.cities) else {
                    return .json(OpenWeatherMapTestBodies.cityNotFound, status: 404)
                }
                let table =
                    switch request.path {
                    case "/data/2.5/weather": routes.current
                    case "/data/2.5/forecast": routes.forecast
                    default: routes.oneCall
                    }
                return table[Self.key(city)] ?? .json(OpenWeatherMapTestBodies.cityNotFound, status: 404)
            default:
                return .json(#"{"cod":404,"message":"Internal error"}"#, status: 404)
            }
        }
    }

    private static func city(for request: HTTPTestServer.Request, in cities: [City]) -> City? {
        if let query = request.queryValue("q") {
            return cities.first { matches($0, query: query) }
        }
        guard let latitude = request.queryValue("lat").flatMap(Double.init),
            let longitude = request.queryValue("lon").flatMap(Double.init)
        else { return nil }
        return cities.first { abs($0.latitude - latitude) < 0.01 && abs($0.longitude - longitude) < 0.01 }
    }

    /// `q` is `{city name},{state code},{country code}`, the last two optional.
    private static func matches(_ city: City, query: String) -> Bool {
        let parts = query.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let name = parts.first, name == city.name.lowercased() else { return false }
        if parts.count > 1, let country = parts.last, country.count == 2, country != city.country.lowercased() {
            return false
        }
        return true
    }

    /// Cities of the same name in different countries or states have their own answers.
    private static func key(_ city: City) -> String {
        [city.name, city.country, city.state ?? ""].joined(separator: "|").lowercased()
    }

    private static func keys(of cities: [City], name: String, country: String?) -> [String] {
        cities.filter { city in
            city.name.lowercased() == name.lowercased() && (country.map { city.country.lowercased() == $0.lowercased() } ?? true)
        }
        .map(key)
    }
}
