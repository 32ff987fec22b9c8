import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// Every fault in issue 3, produced by the loopback server and read through the real HTTP transport:
/// each becomes its own fault in the report, and the data fetched before stays in the report.
@Suite("faults keep the last good data")
struct ServiceFaultTests {
    /// Fetches good data, breaks the server with `inject`, forces a refresh and returns the fault, having
    /// checked that the report still holds the good data. With `transport` (a short timeout, say) the
    /// refresh is made by a second service on the same cache, so the good fetch never races that limit.
    private func faultAfterGoodData(
        transport: HTTPClientTransport.Configuration? = nil,
        _ inject: (OpenWeatherMapTestServer) async throws -> Void
    ) async throws -> WeatherFault? {
        try await ServiceHarness.run { harness in
            let service = harness.service()
            let good = await service.weather(for: ServiceHarness.zocca, force: false)
            #expect(good.fault == nil)
            #expect(good.current != nil && good.forecast != nil)
            try await inject(harness.server)
            harness.clock.advance(by: 60)
            let refreshing = transport.map { harness.service(transport: $0) } ?? service
            let report = await refreshing.weather(for: ServiceHarness.zocca, force: true)
            // A fault in the forecast call comes after a good current-weather call: only the values count.
            #expect(report.current?.value == good.current?.value)
            #expect(report.forecast == good.forecast)
            return report.fault
        }
    }

    /// Fetches good data with one service, then forces a refresh with another one built by `make` on the
    /// same cache (another base URL or transport) and returns its fault, having checked the data is kept.
    private func faultFromSecondService(
        _ make: (ServiceHarness) -> WeatherService
    ) async throws -> WeatherFault? {
        try await ServiceHarness.run { harness in
            let good = await harness.service().weather(for: ServiceHarness.zocca, force: false)
            #expect(good.fault == nil)
            harness.clock.advance(by: 60)
            let report = await make(harness).weather(for: ServiceHarness.zocca, force: true)
            #expect(report.current == good.current)
            #expect(report.forecast == good.forecast)
            return report.fault
        }
    }

    private static let weatherPath = "/data/2.5/weather"

    @Test("HTTP 401 for a key that worked before reads as a refused key")
    func keyRefused() async throws {
        let fault = try await faultAfterGoodData { server in server.setAcceptedKeys([]) }
        #expect(fault == .keyRefused)
    }

    @Test("HTTP 401 from One Call without the subscription reads as not subscribed")
    func oneCallNotSubscribed() async throws {
        let key = OpenWeatherMapTestServer.validKey
        try await ServiceHarness.run(oneCallKeys: [key]) { harness in
            let service = harness.service(plan: .oneCall)
            let good = await service.weather(for: ServiceHarness.zocca, force: false)
            #expect(good.fault == nil)
            harness.server.setOneCallKeys([])
            harness.clock.advance(by: 60)
            let report = await service.weather(for: ServiceHarness.zocca, force: true)
            #expect(report.fault == .oneCallNotSubscribed)
            #expect(report.current == good.current)
            #expect(report.forecast == good.forecast)
        }
    }

    @Test("HTTP 404 reads as city not found")
    func cityNotFound() async throws {
        let body = try Fixture.text("error_404_city_not_found.json")
        let fault = try await faultAfterGoodData { server in
            server.setCurrentWeather(.json(body, status: 404), forCity: "Zocca")
        }
        #expect(fault == .locationNotFound(name: "Zocca"))
    }

    @Test("HTTP 429 without Retry-After reads as rate limited")
    func rateLimited() async throws {
        let body = try Fixture.text("error_429_rate_limited.json")
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json(body, status: 429), forPath: Self.weatherPath)
        }
        #expect(fault == .rateLimited(until: nil))
    }

    @Test("HTTP 5xx reads as a server error with its status", arguments: [500, 502, 503])
    func serverError(status: Int) async throws {
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json("<html>Bad Gateway</html>", status: status), forPath: Self.weatherPath)
        }
        #expect(fault == .serverError(status: status))
    }

    @Test("another HTTP error reads as that status with OpenWeatherMap's message")
    func otherStatus() async throws {
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json(#"{"cod":"400","message":"wrong latitude"}"#, status: 400), forPath: Self.weatherPath)
        }
        #expect(fault == .unexpectedStatus(status: 400, message: "wrong latitude"))
    }

    @Test(
        "a slow, trickling or missing answer reads as timed out",
        arguments: [
            HTTPTestServer.Delivery.afterDelay(.seconds(60)),
            .trickle(chunkSize: 1, interval: .milliseconds(200)),
            .never,
        ])
    func timedOut(delivery: HTTPTestServer.Delivery) async throws {
        var transport = ServiceHarness.transport
        transport.totalTimeout = .milliseconds(800)
        let body = try Fixture.text("current_weather_doc_zocca_standard.json")
        let fault = try await faultAfterGoodData(transport: transport) { server in
            server.setAnswer(.json(body, delivery: delivery), forPath: Self.weatherPath)
        }
        #expect(fault == .timedOut)
    }

    @Test("an answer cut off mid-body reads as cut off")
    func cutOff() async throws {
        let body = try Fixture.text("current_weather_doc_zocca_standard.json")
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json(body, delivery: .cutOff(afterBodyBytes: 40)), forPath: Self.weatherPath)
        }
        #expect(fault == .responseCutOff)
    }

    @Test("a body that is not JSON reads as a bad answer")
    func notJSON() async throws {
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json("<html><body>Hotel Wi-Fi: please log in</body></html>"), forPath: Self.weatherPath)
        }
        #expect(fault == .notJSON)
    }

    @Test("JSON of the wrong shape reads as unexpected data naming what is missing")
    func wrongShape() async throws {
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json(#"{"coord":{"lon":10.99,"lat":44.34},"cod":200}"#), forPath: Self.weatherPath)
        }
        guard case .unexpectedJSON(let detail) = fault else {
            Issue.record("expected unexpected JSON, got \(String(describing: fault))")
            return
        }
        #expect(detail.hasPrefix("missing "))
    }

    @Test("a wrongly typed value deep in the forecast reads as unexpected data at that place")
    func wrongTypeInForecast() async throws {
        let body = try Fixture.text("forecast5_doc_excerpt_zocca_standard.json")
            .replacingOccurrences(of: #""temp": 295.45"#, with: #""temp": "warm""#)
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json(body), forPath: "/data/2.5/forecast")
        }
        #expect(fault == .unexpectedJSON(detail: "unexpected value at list[1].main.temp"))
    }

    @Test("an error body sent with HTTP 200 reads as the error its cod names")
    func errorBodyWithSuccessStatus() async throws {
        let body = try Fixture.text("error_404_city_not_found.json")
        let fault = try await faultAfterGoodData { server in
            server.setAnswer(.json(body, status: 200), forPath: Self.weatherPath)
        }
        #expect(fault == .locationNotFound(name: "Zocca"))
    }

    @Test("a refused connection reads as offline, naming the host")
    func connectionRefused() async throws {
        let down = try RefusingPort()
        let fault = try await faultFromSecondService { harness in harness.service(baseURL: down.baseURL) }
        #expect(fault == .connectionRefused(host: "127.0.0.1"))
    }

    @Test("a host that does not resolve reads as offline without DNS")
    func hostNotFound() async throws {
        let host = String(repeating: "b", count: 70) + ".invalid"
        let fault = try await faultFromSecondService { harness in harness.service(baseURL: "http://\(host)") }
        #expect(fault == .hostNotFound(host: host))
    }

    @Test("a failed TLS handshake reads as a TLS error")
    func tlsFailure() async throws {
        let fault = try await faultFromSecondService { harness in
            harness.service(baseURL: "https://127.0.0.1:\(harness.server.http.port)")
        }
        guard case .tlsFailure = fault else {
            Issue.record("expected a TLS failure, got \(String(describing: fault))")
            return
        }
    }

    @Test("an answer over the size limit reads as too large")
    func tooLarge() async throws {
        var transport = ServiceHarness.transport
        transport.maximumBodySize = 300
        let fault = try await faultFromSecondService { harness in harness.service(transport: transport) }
        #expect(fault == .responseTooLarge(limit: 300))
    }

    @Test("a plain-HTTP base URL is refused unless allowed, and nothing is sent")
    func plainHTTPRefused() async throws {
        try await ServiceHarness.run { harness in
            let report = await harness.service(transport: HTTPClientTransport.Configuration())
                .weather(for: ServiceHarness.zocca, force: true)
            #expect(report.fault == .insecureURL(url: harness.server.baseURL))
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("without a key nothing is sent and the report says so")
    func keyMissing() async throws {
        try await ServiceHarness.run { harness in
            try harness.removeKey()
            let report = await harness.service().weather(for: ServiceHarness.zocca, force: true)
            #expect(report.fault == .keyMissing)
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("a key file that holds no key reads as an unusable key")
    func keyUnusable() async throws {
        try await ServiceHarness.run { harness in
            try harness.writeKey("my key is on the fridge")
            let report = await harness.service().weather(for: ServiceHarness.zocca, force: true)
            guard case .keyUnusable(let error) = report.fault else {
                Issue.record("expected an unusable key, got \(String(describing: report.fault))")
                return
            }
            #expect(error.origin == "key file \(harness.keyFile)")
            #expect(harness.server.requests.isEmpty)
        }
    }
}
