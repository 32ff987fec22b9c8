public import Foundation
import Synchronization

/// A fake Open-Meteo on loopback, over a real ``HTTPTestServer``: it serves the forecast API's
/// `/v1/forecast` for the places it knows (by `latitude`/`longitude`, in the units asked for) and the
/// geocoding API's `/v1/search` (matched as the documentation describes: case-insensitive, a prefix from
/// three characters on, an exact name for two, nothing for one; an optional `, country or admin1`
/// qualifier; `countryCode`; `count`), answers 400 with Open-Meteo's error body for a point it has no
/// data for, and lets a test replace any answer, or everything at a path, with any status, body and
/// delivery. Both APIs share its one base URL. For WeatherInfoKit's tests and the end-to-end tests.
public final class OpenMeteoTestServer: StoppableServer {
    public typealias Place = OpenMeteoTestBodies.Place
    public typealias Response = HTTPTestServer.Response

    private struct Routes {
        var places: [(place: Place, time: Date, now: OpenMeteoTestBodies.Now)] = []
        var forecasts: [String: Response] = [:]
        var paths: [String: Response] = [:]
    }

    /// The underlying HTTP server (its requests, its base URL).
    public let http: HTTPTestServer
    private let routes: Mutex<Routes>

    /// `http://127.0.0.1:<port>`: the forecast and the geocoding base URL.
    public var baseURL: String { http.baseURL }

    /// Every request read so far.
    public var requests: [HTTPTestServer.Request] { http.requests }

    /// Starts a server that knows no place yet.
    public static func start() async throws -> OpenMeteoTestServer {
        let http = try await HTTPTestServer.start()
        let server = OpenMeteoTestServer(http: http)
        http.setHandler { [server] request in server.answer(request) }
        return server
    }

    /// Starts a server, runs `body` with it and stops it, also when `body` throws.
    @discardableResult
    public static func withRunningServer<Result>(_ body: (OpenMeteoTestServer) async throws -> Result) async throws -> Result {
        try await start().run(body)
    }

    private init(http: HTTPTestServer) {
        self.http = http
        self.routes = Mutex(Routes())
    }

    /// Adds a place whose forecast is generated as of `time` (``OpenMeteoTestBodies/forecast(_:at:units:now:)``)
    /// in the units each request asks for.
    public func addPlace(_ place: Place, at time: Date, now: OpenMeteoTestBodies.Now = OpenMeteoTestBodies.Now()) {
        routes.withLock { $0.places.append((place, time, now)) }
    }

    /// Replaces the forecast answer for the added places of that name.
    public func setForecast(_ response: Response?, forPlace name: String) {
        routes.withLock { $0.forecasts[name.lowercased()] = response }
    }

    /// Answers every request for `path` with `response` (`nil` removes it).
    public func setAnswer(_ response: Response?, forPath path: String) {
        routes.withLock { $0.paths[path] = response }
    }

    /// Requests read for a path.
    public func requests(to path: String) -> [HTTPTestServer.Request] {
        requests.filter { $0.path == path }
    }

    /// Stops the server.
    public func stop() async throws {
        try await http.stop()
    }

    private func answer(_ request: HTTPTestServer.Request) -> Response {
        routes.withLock { routes in
            if let fixed = routes.paths[request.path] { return fixed }
            switch request.path {
            case "/v1/forecast":
                return forecast(request, routes: routes)
            case "/v1/search":
                return search(request, places: routes.places.map(\.place))
            default:
                return .json(OpenMeteoTestBodies.notFound, status: 404)
            }
        }
    }

    private func forecast(_ request: HTTPTestServer.Request, routes: Routes) -> Response {
        guard let latitude = request.queryValue("latitude").flatMap(Double.init),
            let longitude = request.queryValue("longitude").flatMap(Double.init),
            let known = routes.places.first(where: { abs($0.place.latitude - latitude) < 0.01 && abs($0.place.longitude - longitude) < 0.01 })
        else { return .json(OpenMeteoTestBodies.noData, status: 400) }
        if let fixed = routes.forecasts[known.place.name.lowercased()] { return fixed }
        let units = OpenMeteoTestBodies.Units(
            fahrenheit: request.queryValue("temperature_unit") == "fahrenheit", milesPerHour: request.queryValue("wind_speed_unit") == "mph")
        return .json(OpenMeteoTestBodies.forecast(known.place, at: known.time, units: units, now: known.now))
    }

    private func search(_ request: HTTPTestServer.Request, places: [Place]) -> Response {
        let count = request.queryValue("count").map { Int($0) ?? 0 } ?? 10
        guard (1...100).contains(count) else { return .json(OpenMeteoTestBodies.invalidCount, status: 400) }
        let parts = (request.queryValue("name") ?? "").split(separator: ",", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let name = parts.first ?? ""
        let qualifier = parts.count > 1 ? parts[1] : nil
        let countryCode = request.queryValue("countryCode")?.uppercased()
        let matches = places.filter { place in
            let placeName = place.name.lowercased()
            let nameMatches = name.count >= 3 ? placeName.hasPrefix(name) : name.count == 2 && placeName == name
            let qualifierMatches = qualifier.map { [place.country.lowercased(), place.countryCode.lowercased(), place.admin1?.lowercased()].contains($0) } ?? true
            return nameMatches && qualifierMatches && (countryCode.map { $0 == place.countryCode } ?? true)
        }
        return .json(OpenMeteoTestBodies.search(Array(matches.prefix(count))))
    }
}
