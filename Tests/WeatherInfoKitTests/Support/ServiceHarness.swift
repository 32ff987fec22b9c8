import Foundation
import HubTestSupport
import Logging
import WeatherInfoKit

/// An OpenWeatherMap test server with Zocca on it, a test clock at the docs' example time, a temporary
/// cache directory and a key file, from which tests build real services with the real HTTP transport.
struct ServiceHarness {
    static let zoccaCity = OpenWeatherMapTestServer.City(
        name: "Zocca", country: "IT", latitude: 44.34, longitude: 10.99, utcOffsetSeconds: 7200)
    /// The location as a geocoded place.
    static let zocca = Location(name: "Zocca", countryCode: "IT", coordinates: Coordinates(latitude: 44.34, longitude: 10.99))
    /// Two places of one name, for telling them apart.
    static let parisFrance = OpenWeatherMapTestServer.City(
        name: "Paris", country: "FR", latitude: 48.8589, longitude: 2.32, utcOffsetSeconds: 7200)
    static let parisTexas = OpenWeatherMapTestServer.City(
        name: "Paris", country: "US", state: "TX", latitude: 33.6609, longitude: -95.5555, utcOffsetSeconds: -18_000)
    /// 2022-08-30 14:43:12 UTC, the `dt` of the docs' current-weather example.
    static let start = Date(timeIntervalSince1970: 1_661_870_592)

    /// The call policy the harnesses' services run with: the defaults, but a refresh deadline that only a
    /// hung test reaches. The deadline is wall clock, and a full suite on two cores can hold a loopback
    /// refresh past the default 12 s; `SilentServerTests` checks the deadline itself.
    static let policy = CallPolicy(refreshTimeout: .seconds(120))

    /// Loopback transport: plain HTTP allowed, and for the same reason as ``policy`` limits that only a hung
    /// test reaches; the slow-server tests set their own short total limit.
    static let transport = HTTPClientTransport.Configuration(
        connectTimeout: .seconds(120), totalTimeout: .seconds(120), allowsPlainHTTP: true)

    let server: OpenWeatherMapTestServer
    let clock: TestClock
    let directory: String

    var cacheDirectory: String { directory + "/cache" }
    var keyFile: String { directory + "/openweathermap-api-key" }

    /// Starts the server with Zocca, writes the valid key to the key file and runs `body`.
    static func run<Result>(
        acceptedKeys: Set<String> = [OpenWeatherMapTestServer.validKey], oneCallKeys: Set<String> = [],
        _ body: (ServiceHarness) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            try await OpenWeatherMapTestServer.withRunningServer(acceptedKeys: acceptedKeys, oneCallKeys: oneCallKeys) { server in
                server.addCity(zoccaCity, at: start)
                let harness = ServiceHarness(server: server, clock: TestClock(start), directory: directory)
                try harness.writeKey(OpenWeatherMapTestServer.validKey)
                return try await body(harness)
            }
        }
    }

    func writeKey(_ key: String) throws {
        try (key + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
    }

    func removeKey() throws {
        try FileManager.default.removeItem(atPath: keyFile)
    }

    /// A service on this harness's server, clock, cache and key file.
    func service(
        plan: OpenWeatherMapConfiguration.Plan = .freeEndpoints,
        units: Units = .standard,
        language: String? = nil,
        dailyCallLimit: Int? = nil,
        baseURL: String? = nil,
        transport: HTTPClientTransport.Configuration = ServiceHarness.transport,
        policy: CallPolicy = ServiceHarness.policy,
        randomUnit: @escaping @Sendable () -> Double = { 0.5 },
        logger: Logger = Logger(label: "test.openweathermap", factory: { _ in SwiftLogNoOpLogHandler() })
    ) -> WeatherService {
        WeatherService(
            openWeatherMap: OpenWeatherMapConfiguration(
                baseURL: baseURL ?? server.baseURL, plan: plan, units: units, language: language,
                dailyCallLimit: dailyCallLimit),
            callPolicy: policy,
            keySource: APIKeySource(keyFile: keyFile, environment: [:]),
            cacheDirectory: cacheDirectory,
            transport: HTTPClientTransport(configuration: transport),
            now: clock.reader,
            randomUnit: randomUnit,
            logger: logger)
    }

    /// Requests the server has read for a path.
    func requests(to path: String) -> [HTTPTestServer.Request] {
        server.requests.filter { $0.path == path }
    }
}
