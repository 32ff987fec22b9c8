import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// Every fault of issue 15, produced by the loopback Open-Meteo server and read through the real HTTP
/// transport: each becomes its own fault, and the data fetched before stays in the report with its age.
@Suite("Open-Meteo faults keep the last good data")
struct OpenMeteoFaultTests {
    private static let forecastPath = "/v1/forecast"
    private static let berlin = OpenMeteoHarness.berlin

    /// Fetches good data, answers the next (forced) refresh a minute later with `response` and returns
    /// the report, having checked that it still holds the good data, a minute old. With `transport` (a
    /// short timeout, say) the refresh is made by a second service on the same cache, so the good fetch
    /// never races that limit.
    private func afterGoodData(
        _ response: HTTPTestServer.Response, transport: HTTPClientTransport.Configuration? = nil
    ) async throws -> WeatherReport {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service()
            let good = await service.weather(for: Self.berlin, force: false)
            #expect(good.fault == nil && good.hasData)
            harness.server.setAnswer(response, forPath: Self.forecastPath)
            harness.clock.advance(by: 60)
            let refreshing = transport.map { harness.service(transport: $0) } ?? service
            let report = await refreshing.weather(for: Self.berlin, force: true)
            #expect(report.current == good.current)
            #expect(report.forecast == good.forecast)
            #expect(report.age(at: harness.clock.now) == .seconds(60))
            #expect(report.provider == .openMeteo)
            return report
        }
    }

    private static let documented = OpenMeteoTestBodies.forecast(OpenMeteoTestServer.Place.berlin, at: ServiceHarness.start)

    @Test(
        "each faulty answer becomes its own fault",
        arguments: [
            (HTTPTestServer.Response.json(OpenMeteoTestBodies.invalidVariable, status: 400),
             WeatherFault.unexpectedStatus(status: 400, message: "Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly")),
            (.json(OpenMeteoTestBodies.noData, status: 400), .unexpectedStatus(status: 400, message: "No data is available for this location")),
            (.json(OpenMeteoTestBodies.overloaded, status: 503), .serverError(status: 503)),
            (.json("<html>Bad Gateway</html>", status: 502), .serverError(status: 502)),
            (.json(OpenMeteoTestBodies.notFound, status: 404), .unexpectedStatus(status: 404, message: "Not Found")),
            (.json("<html><body>Hotel Wi-Fi: please log in</body></html>"), .notJSON),
            (.json(#"{"latitude":52.52,"longitude":13.419,"utc_offset_seconds":7200}"#), .unexpectedJSON(detail: "missing current")),
            (.json(documented.replacingOccurrences(of: #""temperature_2m":18.5"#, with: #""temperature_2m":null"#)),
             .unexpectedJSON(detail: "unexpected value at current.temperature_2m")),
            (.json(documented, delivery: .cutOff(afterBodyBytes: 40)), .responseCutOff),
        ])
    func faults(response: HTTPTestServer.Response, expected: WeatherFault) async throws {
        #expect(try await afterGoodData(response).fault == expected)
    }

    @Test("a slow, trickling or missing answer reads as timed out", arguments: [
        HTTPTestServer.Delivery.afterDelay(.seconds(60)), .trickle(chunkSize: 1, interval: .milliseconds(200)), .never,
    ])
    func timedOut(delivery: HTTPTestServer.Delivery) async throws {
        var transport = ServiceHarness.transport
        transport.totalTimeout = .milliseconds(800)
        #expect(try await afterGoodData(.json(Self.documented, delivery: delivery), transport: transport).fault == .timedOut)
    }

    @Test("an answer over the size limit reads as too large")
    func tooLarge() async throws {
        let limit = Self.documented.utf8.count + 100
        let huge = String(repeating: " ", count: 200) + Self.documented
        var transport = ServiceHarness.transport
        transport.maximumBodySize = limit
        #expect(try await afterGoodData(.json(huge), transport: transport).fault == .responseTooLarge(limit: limit))
    }

    @Test("a plain-HTTP URL is refused unless allowed, and nothing is sent")
    func plainHTTPRefused() async throws {
        try await OpenMeteoHarness.run { harness in
            let report = await harness.service(transport: HTTPClientTransport.Configuration()).weather(for: Self.berlin, force: true)
            #expect(report.fault == .insecureURL(url: harness.server.baseURL))
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("a refused connection reads as offline")
    func connectionRefused() async throws {
        let down = try RefusingPort()
        try await OpenMeteoHarness.run { harness in
            let report = await harness.service(baseURL: down.baseURL).weather(for: Self.berlin, force: false)
            #expect(report.fault == .connectionRefused(host: "127.0.0.1"))
        }
    }

    @Test("fault messages name Open-Meteo and its limits")
    func messages() {
        #expect(WeatherFault.serverError(status: 503).message(from: .openMeteo).hasPrefix("Open-Meteo answered HTTP 503"))
        #expect(WeatherFault.rateLimited(until: nil).message(from: .openMeteo).contains("10,000 calls a day"))
        #expect(WeatherFault.dailyLimitReached(limit: 5000).message(from: .openMeteo).contains("5000 calls to Open-Meteo"))
    }
}
