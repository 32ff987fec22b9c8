import Foundation
import HubTestSupport
import Logging
import WeatherInfoKit

/// An Open-Meteo test server with the test places, a test clock at the OpenWeatherMap harness's start
/// time and a temporary cache directory, from which tests build real Open-Meteo services with the real
/// HTTP transport.
struct OpenMeteoHarness {
    static let berlin = location(.berlin)
    static let zocca = location(.zocca)

    /// The place as a geocoded location.
    static func location(_ place: OpenMeteoTestServer.Place) -> Location {
        Location(name: place.name, countryCode: place.countryCode, coordinates: Coordinates(latitude: place.latitude, longitude: place.longitude))
    }

    let server: OpenMeteoTestServer
    let clock: TestClock
    let directory: String

    var cacheDirectory: String { directory + "/open-meteo" }

    /// Starts the server with the test places as of `start` and runs `body`.
    static func run<Result>(start: Date = ServiceHarness.start, _ body: (OpenMeteoHarness) async throws -> Result) async throws -> Result {
        try await withTemporaryDirectory { directory in
            try await OpenMeteoTestServer.withRunningServer { server in
                for place in [OpenMeteoTestServer.Place.berlin, .kathmandu, .taiohae, .zocca, .parisTexas, .parisFrance] {
                    server.addPlace(place, at: start)
                }
                return try await body(OpenMeteoHarness(server: server, clock: TestClock(start), directory: directory))
            }
        }
    }

    /// A service on this harness's server, clock and cache.
    func service(
        units: Units = .metric,
        language: String? = nil,
        dailyCallLimit: Int = OpenMeteoConfiguration.defaultDailyCallLimit,
        baseURL: String? = nil,
        transport: HTTPClientTransport.Configuration = ServiceHarness.transport,
        policy: CallPolicy = CallPolicy(
            minimumInterval: OpenMeteoConfiguration.defaultMinimumInterval, refreshTimeout: ServiceHarness.policy.refreshTimeout),
        randomUnit: @escaping @Sendable () -> Double = { 0.5 },
        logger: Logger = Logger(label: "test.open-meteo", factory: { _ in SwiftLogNoOpLogHandler() })
    ) -> WeatherService {
        let url = baseURL ?? server.baseURL
        return WeatherService(
            openMeteo: OpenMeteoConfiguration(
                forecastURL: url, geocodingURL: url, units: units, language: language, dailyCallLimit: dailyCallLimit),
            callPolicy: policy, cacheDirectory: cacheDirectory, transport: HTTPClientTransport(configuration: transport),
            now: clock.reader, randomUnit: randomUnit, logger: logger)
    }
}
