import Foundation
import HubTestSupport
import Logging
import WeatherInfoKit

/// An Open-Meteo test server with its places, a test clock at the OpenWeatherMap harness's start time
/// and a temporary cache directory, from which tests build real Open-Meteo services with the real curl
/// transport.
struct OpenMeteoHarness {
    static let berlinPlace = OpenMeteoTestServer.Place(
        name: "Berlin", countryCode: "DE", country: "Deutschland", admin1: "Berlin", latitude: 52.52437, longitude: 13.41053,
        timezone: "Europe/Berlin", utcOffsetSeconds: 7200)
    /// UTC+5:45: local hours fall at a quarter past the UTC hour.
    static let kathmanduPlace = OpenMeteoTestServer.Place(
        name: "Kathmandu", countryCode: "NP", country: "Nepal", admin1: "Bagmati Province", latitude: 27.70169, longitude: 85.3206,
        timezone: "Asia/Kathmandu", utcOffsetSeconds: 20_700)
    /// UTC−9:30.
    static let taiohaePlace = OpenMeteoTestServer.Place(
        name: "Taiohae", countryCode: "PF", country: "French Polynesia", latitude: -8.9115, longitude: -140.0991,
        timezone: "Pacific/Marquesas", utcOffsetSeconds: -34_200)
    static let zoccaPlace = OpenMeteoTestServer.Place(
        name: "Zocca", countryCode: "IT", country: "Italia", admin1: "Emilia-Romagna", latitude: 44.34, longitude: 10.99,
        timezone: "Europe/Rome", utcOffsetSeconds: 7200)
    static let parisTexasPlace = OpenMeteoTestServer.Place(
        name: "Paris", countryCode: "US", country: "United States", admin1: "Texas", latitude: 33.66094, longitude: -95.55551,
        timezone: "America/Chicago", utcOffsetSeconds: -18_000)
    static let parisFrancePlace = OpenMeteoTestServer.Place(
        name: "Paris", countryCode: "FR", country: "France", admin1: "Île-de-France", latitude: 48.85341, longitude: 2.3488,
        timezone: "Europe/Paris", utcOffsetSeconds: 7200)

    static let berlin = location(berlinPlace)
    static let zocca = location(zoccaPlace)

    /// The place as a geocoded location.
    static func location(_ place: OpenMeteoTestServer.Place) -> Location {
        Location(name: place.name, countryCode: place.countryCode, coordinates: Coordinates(latitude: place.latitude, longitude: place.longitude))
    }

    let server: OpenMeteoTestServer
    let clock: TestClock
    let directory: String

    var cacheDirectory: String { directory + "/open-meteo" }

    /// Starts the server with every place above as of `start` and runs `body`.
    static func run<Result>(start: Date = ServiceHarness.start, _ body: (OpenMeteoHarness) async throws -> Result) async throws -> Result {
        try await withTemporaryDirectory { directory in
            try await OpenMeteoTestServer.withRunningServer { server in
                for place in [berlinPlace, kathmanduPlace, taiohaePlace, zoccaPlace, parisTexasPlace, parisFrancePlace] {
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
        transport: CurlTransport.Configuration = ServiceHarness.transport,
        policy: RefreshPolicy = RefreshPolicy(minimumInterval: OpenMeteoConfiguration.defaultMinimumInterval),
        randomUnit: @escaping @Sendable () -> Double = { 0.5 },
        logger: Logger = Logger(label: "test.open-meteo", factory: { _ in SwiftLogNoOpLogHandler() })
    ) -> WeatherService {
        let url = baseURL ?? server.baseURL
        return WeatherService(
            openMeteo: OpenMeteoConfiguration(
                forecastURL: url, geocodingURL: url, units: units, language: language, dailyCallLimit: dailyCallLimit),
            refreshPolicy: policy, cacheDirectory: cacheDirectory, transport: CurlTransport(configuration: transport),
            now: clock.reader, randomUnit: randomUnit, logger: logger)
    }
}
