import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The shared client's manners, with an injected clock and injected randomness: no waiting in tests.
@Suite("a polite shared client")
struct ServicePolitenessTests {
    private static let zocca = ServiceHarness.zocca
    private static let weatherPath = "/data/2.5/weather"

    private func seconds(_ report: WeatherReport, after now: Date) -> TimeInterval {
        report.nextRefreshDate.timeIntervalSince(now)
    }

    @Test("answers from memory for 10 minutes after a good answer, then calls again")
    func minimumInterval() async throws {
        try await ServiceHarness.run { harness in
            let service = harness.service()
            let first = await service.weather(for: Self.zocca, force: false)
            #expect(harness.server.requests.count == 2)
            #expect(first.nextRefreshDate == ServiceHarness.start.addingTimeInterval(600))
            harness.clock.advance(by: 599)
            let second = await service.weather(for: Self.zocca, force: false)
            #expect(harness.server.requests.count == 2)
            #expect(second == first)
            harness.clock.advance(by: 1)
            _ = await service.weather(for: Self.zocca, force: false)
            #expect(harness.server.requests.count == 4)
        }
    }

    @Test("a forced request calls at once")
    func forced() async throws {
        try await ServiceHarness.run { harness in
            let service = harness.service()
            _ = await service.weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 30)
            let report = await service.weather(for: Self.zocca, force: true)
            #expect(harness.server.requests.count == 4)
            #expect(report.current?.fetchedAt == harness.clock.now)
        }
    }

    @Test("a forced request seconds after good data is answered by it: every screen reloading at once costs one call")
    func forcedRightAfterFetch() async throws {
        try await ServiceHarness.run { harness in
            let service = harness.service()
            let first = await service.weather(for: Self.zocca, force: true)
            let calls = harness.server.requests.count
            harness.clock.advance(by: WeatherService.forcedRefreshSharing - 1)
            #expect(await service.weather(for: Self.zocca, force: true) == first)
            #expect(harness.server.requests.count == calls)
            harness.clock.advance(by: 2)
            _ = await service.weather(for: Self.zocca, force: true)
            #expect(harness.server.requests.count > calls)
        }
    }

    @Test("concurrent requests for one location share one refresh")
    func singleFlight() async throws {
        try await ServiceHarness.run { harness in
            let slow = OpenWeatherMapTestBodies.currentWeather(ServiceHarness.zoccaCity, at: ServiceHarness.start)
            harness.server.setCurrentWeather(.json(slow, delivery: .afterDelay(.seconds(1))), forCity: "Zocca")
            let service = harness.service()
            async let first = service.weather(for: Self.zocca, force: true)
            // The first refresh is in flight once its request reached the server, which holds it a second.
            await harness.server.http.waitForRequests(count: 1)
            let b = await service.weather(for: Self.zocca, force: true)
            let a = await first
            #expect(a == b)
            #expect(a.fault == nil)
            #expect(harness.requests(to: Self.weatherPath).count == 1)
        }
    }

    @Test("backs off exponentially after transient faults, up to an hour, jittered by the injected randomness")
    func exponentialBackoff() async throws {
        try await ServiceHarness.run { harness in
            harness.server.setAnswer(.json("{}", status: 503), forPath: Self.weatherPath)
            let service = harness.service(randomUnit: { 0.5 })
            // Nominal 60 s doubling to 3600 s, times 0.5 + 0.5 × 0.5.
            for (attempt, expected) in [45.0, 90, 180, 360, 720, 1440, 2700, 2700].enumerated() {
                let report = await service.weather(for: Self.zocca, force: false)
                #expect(report.fault == .serverError(status: 503))
                #expect(harness.requests(to: Self.weatherPath).count == attempt + 1)
                #expect(seconds(report, after: harness.clock.now) == expected)
                harness.clock.advance(by: expected - 1)
                _ = await service.weather(for: Self.zocca, force: false)
                #expect(harness.requests(to: Self.weatherPath).count == attempt + 1)
                harness.clock.advance(by: 1)
            }
        }
    }

    @Test("jitter spreads the first retry between half and all of a minute", arguments: [(0.0, 30.0), (0.25, 37.5), (0.999, 59.97)])
    func jitter(random: Double, expected: Double) async throws {
        try await ServiceHarness.run { harness in
            harness.server.setAnswer(.json("{}", status: 500), forPath: Self.weatherPath)
            let report = await harness.service(randomUnit: { random }).weather(for: Self.zocca, force: false)
            #expect(abs(seconds(report, after: harness.clock.now) - expected) < 0.001)
        }
    }

    @Test("a good answer after faults resets the backoff")
    func recovery() async throws {
        try await ServiceHarness.run { harness in
            harness.server.setAnswer(.json("{}", status: 500), forPath: Self.weatherPath)
            let service = harness.service()
            _ = await service.weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 45)
            _ = await service.weather(for: Self.zocca, force: false)
            #expect(await service.status().locations.first?.consecutiveFailures == 2)
            harness.server.setAnswer(nil, forPath: Self.weatherPath)
            harness.clock.advance(by: 90)
            let report = await service.weather(for: Self.zocca, force: false)
            #expect(report.fault == nil)
            #expect(seconds(report, after: harness.clock.now) == 600)
            #expect(await service.status().locations.first?.consecutiveFailures == 0)
        }
    }

    @Test("honours Retry-After in seconds, even for forced calls and other locations")
    func retryAfterSeconds() async throws {
        try await ServiceHarness.run { harness in
            let body = try Fixture.text("error_429_rate_limited.json")
            harness.server.setAnswer(.json(body, status: 429, headers: [.init(name: "Retry-After", value: "120")]), forPath: Self.weatherPath)
            let service = harness.service()
            let limited = await service.weather(for: Self.zocca, force: false)
            let until = ServiceHarness.start.addingTimeInterval(120)
            #expect(limited.fault == .rateLimited(until: until))
            #expect(limited.nextRefreshDate == until)
            harness.server.setAnswer(nil, forPath: Self.weatherPath)
            harness.clock.advance(by: 60)
            let forced = await service.weather(for: Self.zocca, force: true)
            let elsewhere = await service.weather(for: Location(name: "Modena", countryCode: "IT"), force: true)
            #expect(forced.fault == .rateLimited(until: until))
            #expect(elsewhere.fault == .rateLimited(until: until))
            #expect(harness.requests(to: Self.weatherPath).count == 1)
            harness.clock.advance(by: 60)
            let report = await service.weather(for: Self.zocca, force: false)
            #expect(report.fault == nil)
            #expect(harness.requests(to: Self.weatherPath).count == 2)
        }
    }

    @Test(
        "honours Retry-After as an HTTP date in each of its three forms",
        arguments: ["Tue, 30 Aug 2022 16:00:00 GMT", "Tuesday, 30-Aug-22 16:00:00 GMT", "Tue Aug 30 16:00:00 2022"])
    func retryAfterDate(value: String) async throws {
        try await ServiceHarness.run { harness in
            let header = HTTPTestServer.Header(name: "Retry-After", value: value)
            harness.server.setAnswer(.json("{}", status: 429, headers: [header]), forPath: Self.weatherPath)
            let report = await harness.service().weather(for: Self.zocca, force: false)
            let until = Date(timeIntervalSince1970: 1_661_875_200)
            #expect(report.fault == .rateLimited(until: until))
            #expect(report.nextRefreshDate == until)
        }
    }

    @Test("counts calls per UTC day and stops at the daily limit until 00:00 UTC")
    func dailyLimit() async throws {
        try await ServiceHarness.run { harness in
            let service = harness.service(dailyCallLimit: 3)
            _ = await service.weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 60)
            let limited = await service.weather(for: Self.zocca, force: true)
            #expect(limited.fault == .dailyLimitReached(limit: 3))
            #expect(harness.server.requests.count == 3)
            #expect(limited.current?.fetchedAt == harness.clock.now)
            let midnight = Date(timeIntervalSince1970: 1_661_904_000)
            #expect(limited.nextRefreshDate == midnight)
            _ = await service.weather(for: Self.zocca, force: true)
            #expect(harness.server.requests.count == 3)
            #expect(await service.status().callsToday == 3)
            harness.clock.set(midnight)
            let next = await service.weather(for: Self.zocca, force: false)
            #expect(next.fault == nil)
            #expect(harness.server.requests.count == 5)
            #expect(await service.status().callsToday == 2)
        }
    }

    @Test("keeps the day's call count across a restart")
    func ledgerSurvivesRestart() async throws {
        try await ServiceHarness.run { harness in
            _ = await harness.service().weather(for: Self.zocca, force: false)
            let restarted = harness.service(dailyCallLimit: 2)
            #expect(await restarted.status().callsToday == 2)
            harness.clock.advance(by: WeatherService.forcedRefreshSharing + 1)
            let report = await restarted.weather(for: Self.zocca, force: true)
            #expect(report.fault == .dailyLimitReached(limit: 2))
            #expect(harness.server.requests.count == 2)
        }
    }

    @Test("a new key's 401s read as not active yet and are retried every few minutes until it works")
    func keyActivation() async throws {
        try await ServiceHarness.run(acceptedKeys: []) { harness in
            let service = harness.service()
            let refused = await service.weather(for: Self.zocca, force: false)
            #expect(refused.fault == .keyNotActiveYet(since: ServiceHarness.start))
            #expect(seconds(refused, after: harness.clock.now) == 450)
            harness.clock.advance(by: 450)
            let again = await service.weather(for: Self.zocca, force: false)
            #expect(again.fault == .keyNotActiveYet(since: ServiceHarness.start))
            #expect(seconds(again, after: harness.clock.now) == 450)
            harness.server.setAcceptedKeys([OpenWeatherMapTestServer.validKey])
            harness.clock.advance(by: 450)
            let working = await service.weather(for: Self.zocca, force: false)
            #expect(working.fault == nil)
            #expect(harness.requests(to: Self.weatherPath).count == 3)
        }
    }

    @Test("after the activation period a refused key is final and retried at most hourly")
    func keyRefusedAfterActivation() async throws {
        try await ServiceHarness.run(acceptedKeys: []) { harness in
            let service = harness.service()
            _ = await service.weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 3 * 3600)
            let refused = await service.weather(for: Self.zocca, force: false)
            #expect(refused.fault == .keyRefused)
            #expect(seconds(refused, after: harness.clock.now) == 2700)
        }
    }

    @Test("a new key is tried at once, whatever the backoff")
    func newKeyLiftsBackoff() async throws {
        let newKey = "fedcba9876543210fedcba9876543210"
        try await ServiceHarness.run(acceptedKeys: [newKey]) { harness in
            let service = harness.service()
            _ = await service.weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 3 * 3600)
            #expect(await service.weather(for: Self.zocca, force: false).fault == .keyRefused)
            try harness.writeKey(newKey)
            harness.clock.advance(by: 1)
            let report = await service.weather(for: Self.zocca, force: false)
            #expect(report.fault == nil)
            #expect(harness.server.requests.last?.queryValue("appid") == newKey)
        }
    }

    @Test("a key set after none was found is used at once")
    func keyAppears() async throws {
        try await ServiceHarness.run { harness in
            try harness.removeKey()
            let service = harness.service()
            #expect(await service.weather(for: Self.zocca, force: false).fault == .keyMissing)
            try harness.writeKey(OpenWeatherMapTestServer.validKey)
            harness.clock.advance(by: 5)
            #expect(await service.weather(for: Self.zocca, force: false).fault == nil)
            #expect(harness.server.requests.count == 2)
        }
    }

    @Test("One Call geocodes a place known only by name once")
    func oneCallGeocodesOnce() async throws {
        try await ServiceHarness.run(oneCallKeys: [OpenWeatherMapTestServer.validKey]) { harness in
            let service = harness.service(plan: .oneCall)
            let place = Location(name: "Zocca", countryCode: "IT")
            #expect(await service.weather(for: place, force: false).fault == nil)
            harness.clock.advance(by: 60)
            #expect(await service.weather(for: place, force: true).fault == nil)
            #expect(harness.requests(to: "/geo/1.0/direct").count == 1)
            #expect(harness.requests(to: "/data/3.0/onecall").count == 2)
            #expect(await service.status().callsToday == 3)
        }
    }

    @Test("a place One Call cannot geocode reads as city not found")
    func oneCallUnknownPlace() async throws {
        try await ServiceHarness.run(oneCallKeys: [OpenWeatherMapTestServer.validKey]) { harness in
            let report = await harness.service(plan: .oneCall).weather(for: Location(name: "Xyzzyqq"), force: false)
            #expect(report.fault == .locationNotFound(name: "Xyzzyqq"))
            #expect(harness.requests(to: "/data/3.0/onecall").isEmpty)
        }
    }

    @Test("status tells the key's source, calls today, faults and the next call, never the key")
    func status() async throws {
        try await ServiceHarness.run { harness in
            harness.server.setAnswer(.json("{}", status: 502), forPath: Self.weatherPath)
            let service = harness.service()
            _ = await service.weather(for: Self.zocca, force: false)
            let status = await service.status()
            #expect(status.keySource == "key file \(harness.keyFile)")
            #expect(status.callsToday == 1)
            #expect(status.dailyCallLimit == 32_000)
            #expect(status.locations.map(\.location) == [Self.zocca])
            #expect(status.locations.first?.fault == .serverError(status: 502))
            #expect(status.locations.first?.nextAllowedCall == ServiceHarness.start.addingTimeInterval(45))
            let encoded = String(decoding: try JSONEncoder().encode(status), as: UTF8.self)
            #expect(!encoded.contains(OpenWeatherMapTestServer.validKey))
        }
    }
}
