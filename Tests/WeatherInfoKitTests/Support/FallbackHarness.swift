import Foundation
import HubTestSupport
import Logging
import WeatherInfoKit

/// OpenWeatherMap (the primary) and Open-Meteo (the stand-in) on two loopback servers with one clock,
/// each service with its own cache directory, joined by a ``FallbackWeatherSource``.
struct FallbackHarness {
    let owm: ServiceHarness
    let openMeteo: OpenMeteoTestServer
    let source: FallbackWeatherSource

    var clock: TestClock { owm.clock }
    var owmRequests: Int { owm.server.requests.count }
    var openMeteoRequests: Int { openMeteo.requests.count }

    /// Starts both servers (Zocca on each), writes the valid key and runs `body`.
    static func run<Result>(acceptedKeys: Set<String> = [OpenWeatherMapTestServer.validKey], _ body: (FallbackHarness) async throws -> Result) async throws -> Result {
        try await ServiceHarness.run(acceptedKeys: acceptedKeys) { owm in
            try await OpenMeteoTestServer.withRunningServer { openMeteo in
                openMeteo.addPlace(OpenMeteoTestServer.Place.zocca, at: ServiceHarness.start)
                openMeteo.addPlace(OpenMeteoTestServer.Place.parisFrance, at: ServiceHarness.start)
                let harness = FallbackHarness(
                    owm: owm, openMeteo: openMeteo,
                    source: FallbackWeatherSource(primary: owm.service(), secondary: openMeteoService(openMeteo, owm: owm, directory: "open-meteo")))
                return try await body(harness)
            }
        }
    }

    /// An Open-Meteo service on the harness's server and clock, with its cache in `directory`.
    static func openMeteoService(_ server: OpenMeteoTestServer, owm: ServiceHarness, directory: String) -> WeatherService {
        WeatherService(
            openMeteo: OpenMeteoConfiguration(forecastURL: server.baseURL, geocodingURL: server.baseURL, units: .standard),
            cacheDirectory: owm.directory + "/" + directory, transport: HTTPClientTransport(configuration: ServiceHarness.transport),
            now: owm.clock.reader, randomUnit: { 0.5 }, logger: Logger(label: "test.open-meteo", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}
