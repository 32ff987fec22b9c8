import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// Issue 34, point 1: a provider that accepts the connection and then sends nothing, or sends its headers
/// and then drips, is `timedOut` within the service's refresh timeout, not when the transport's own
/// limit (here ten minutes, as long as no widget waits) ends the transfer: the fault is in the state with
/// its backoff, and a fallback hands over. Without the refresh timeout these tests hang until their time
/// limit.
@Suite("a silent or dripping provider times out within the refresh timeout", .timeLimit(.minutes(1)))
struct SilentServerTests {
    /// The service's refresh timeout here (12 s in use).
    private static let policy = CallPolicy(refreshTimeout: .milliseconds(500))
    /// A transport that would wait far longer than any widget.
    private static let patientTransport = HTTPClientTransport.Configuration(
        connectTimeout: .seconds(5), totalTimeout: .seconds(600), allowsPlainHTTP: true)
    /// A server that never answers, and one that sends its headers and then a byte a second.
    private static let stalls: [HTTPTestServer.Delivery] = [.never, .trickle(chunkSize: 1, interval: .seconds(1))]

    /// An answer that stalls as `delivery` says: a minute long when dripped a byte a second.
    private static func stalled(_ delivery: HTTPTestServer.Delivery) -> HTTPTestServer.Response {
        .json(String(repeating: " ", count: 60) + "{}", delivery: delivery)
    }

    @Test("OpenWeatherMap silent or dripping: timedOut in the report and the status, the next call ahead", arguments: stalls)
    func openWeatherMap(delivery: HTTPTestServer.Delivery) async throws {
        try await ServiceHarness.run { harness in
            harness.server.setAnswer(Self.stalled(delivery), forPath: "/data/2.5/weather")
            let service = harness.service(transport: Self.patientTransport, policy: Self.policy)
            let report = await service.weather(for: ServiceHarness.zocca, force: true)
            #expect(report.fault == .timedOut)
            #expect(report.nextRefreshDate > harness.clock.now)
            let place = try #require(await service.status().locations.first)
            #expect(place.fault == .timedOut)
            #expect(place.consecutiveFailures == 1)
            // The backoff's first pause (1 min, jittered by 0.5 to 45 s), not a call already due.
            #expect(place.nextAllowedCall == harness.clock.now + 45)
        }
    }

    @Test("Open-Meteo silent or dripping: timedOut with the next call ahead", arguments: stalls)
    func openMeteo(delivery: HTTPTestServer.Delivery) async throws {
        try await OpenMeteoHarness.run { harness in
            harness.server.setAnswer(Self.stalled(delivery), forPath: "/v1/forecast")
            var policy = Self.policy
            policy.minimumInterval = OpenMeteoConfiguration.defaultMinimumInterval
            let service = harness.service(transport: Self.patientTransport, policy: policy)
            let report = await service.weather(for: OpenMeteoHarness.berlin, force: true)
            #expect(report.fault == .timedOut)
            let place = try #require(await service.status().locations.first)
            #expect(place.fault == .timedOut)
            #expect(place.nextAllowedCall > harness.clock.now)
        }
    }

    @Test("a silent OpenWeatherMap hands over to Open-Meteo", arguments: stalls)
    func fallbackHandsOver(delivery: HTTPTestServer.Delivery) async throws {
        try await FallbackHarness.run { harness in
            harness.owm.server.setAnswer(Self.stalled(delivery), forPath: "/data/2.5/weather")
            let primary = harness.owm.service(transport: Self.patientTransport, policy: Self.policy)
            let source = FallbackWeatherSource(primary: primary, secondary: harness.source.secondary)
            let report = await source.weather(for: ServiceHarness.zocca, force: true)
            #expect(report.provider == .openMeteo)
            #expect(report.fallbackReason == .timedOut)
            #expect(report.current != nil && report.forecast != nil)
            let status = await source.status()
            #expect(status.locations.first?.fault == .timedOut)
            #expect(status.locations.first?.answeredBy == .openMeteo)
        }
    }
}
