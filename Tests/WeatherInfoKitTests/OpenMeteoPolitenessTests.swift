import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The shared client's manners with Open-Meteo: its own interval, its weighted daily ceiling, and the
/// waits its 429s ask for. The rules themselves are the shared service's (see ServicePolitenessTests).
@Suite("a polite Open-Meteo client")
struct OpenMeteoPolitenessTests {
    private static let forecastPath = "/v1/forecast"
    private static let berlin = OpenMeteoHarness.berlin

    @Test("calls a place at most every 15 minutes, Open-Meteo's current data being 15-minutely")
    func minimumInterval() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service()
            let first = await service.weather(for: Self.berlin, force: false)
            #expect(first.nextRefreshDate == ServiceHarness.start.addingTimeInterval(900))
            harness.clock.advance(by: 899)
            #expect(await service.weather(for: Self.berlin, force: false) == first)
            #expect(harness.server.requests.count == 1)
            harness.clock.advance(by: 1)
            _ = await service.weather(for: Self.berlin, force: false)
            #expect(harness.server.requests.count == 2)
        }
    }

    @Test("asks one forecast with timezone=auto and Unix times, 30 variables, which Open-Meteo counts as 3 calls")
    func forecastRequest() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service()
            _ = await service.weather(for: Self.berlin, force: false)
            let request = try #require(harness.server.requests(to: Self.forecastPath).first)
            #expect(request.queryValue("timezone") == "auto")
            #expect(request.queryValue("timeformat") == "unixtime")
            #expect(request.queryValue("latitude") == "52.52437" && request.queryValue("longitude") == "13.41053")
            #expect(request.queryValue("forecast_days") == "6")
            let variables = ["current", "hourly", "daily"].map { request.queryValue($0)?.split(separator: ",").count ?? 0 }
            #expect(variables == [10, 10, 10])
            #expect(await service.status().callsToday == 3)
        }
    }

    @Test("keeps to its daily ceiling in Open-Meteo's weighted calls, until 00:00 UTC")
    func dailyLimit() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service(dailyCallLimit: 7)
            _ = await service.weather(for: Self.berlin, force: false)
            harness.clock.advance(by: 60)
            _ = await service.weather(for: Self.berlin, force: true)
            harness.clock.advance(by: 60)
            let limited = await service.weather(for: Self.berlin, force: true)
            #expect(limited.fault == .dailyLimitReached(limit: 7))
            #expect(limited.hasData)
            #expect(harness.server.requests.count == 2)
            #expect(limited.nextRefreshDate == Date(timeIntervalSince1970: 1_661_904_000))
            #expect(await service.status().callsToday == 6)
            #expect(await service.status().dailyCallLimit == 7)
        }
    }

    @Test(
        "a 429 waits until the limit it names counts again, for every place and even forced calls",
        arguments: [
            // A minute; a minute past 15:00 UTC; a minute past 00:00 UTC; Retry-After when one is sent.
            (OpenMeteoTestBodies.minutelyLimit, [], 60),
            (OpenMeteoTestBodies.hourlyLimit, [], 1_661_871_660 - 1_661_870_592),
            (OpenMeteoTestBodies.dailyLimit, [], 1_661_904_060 - 1_661_870_592),
            (OpenMeteoTestBodies.minutelyLimit, [HTTPTestServer.Header(name: "Retry-After", value: "120")], 120),
        ] as [(String, [HTTPTestServer.Header], Double)])
    func rateLimited(body: String, headers: [HTTPTestServer.Header], wait: Double) async throws {
        try await OpenMeteoHarness.run { harness in
            harness.server.setAnswer(.json(body, status: 429, headers: headers), forPath: Self.forecastPath)
            let service = harness.service()
            let until = ServiceHarness.start.addingTimeInterval(wait)
            let limited = await service.weather(for: Self.berlin, force: false)
            #expect(limited.fault == .rateLimited(until: until))
            #expect(limited.nextRefreshDate == until)
            harness.server.setAnswer(nil, forPath: Self.forecastPath)
            harness.clock.advance(by: wait - 1)
            #expect(await service.weather(for: Self.berlin, force: true).fault == .rateLimited(until: until))
            #expect(await service.weather(for: OpenMeteoHarness.zocca, force: true).fault == .rateLimited(until: until))
            #expect(harness.server.requests.count == 1)
            harness.clock.advance(by: 1)
            #expect(await service.weather(for: Self.berlin, force: false).fault == nil)
        }
    }

    @Test("a 429 that names no limit backs off like any rate limit")
    func rateLimitedWithoutReason() async throws {
        try await OpenMeteoHarness.run { harness in
            harness.server.setAnswer(.json(#"{"error":true,"reason":"Too many concurrent requests"}"#, status: 429), forPath: Self.forecastPath)
            let report = await harness.service().weather(for: Self.berlin, force: false)
            #expect(report.fault == .rateLimited(until: nil))
            // The rate-limit pause, 10 minutes, jittered by 0.5.
            #expect(report.nextRefreshDate == ServiceHarness.start.addingTimeInterval(450))
        }
    }

    @Test("backs off exponentially after server errors, and a good answer resets it")
    func backoff() async throws {
        try await OpenMeteoHarness.run { harness in
            harness.server.setAnswer(.json(OpenMeteoTestBodies.overloaded, status: 503), forPath: Self.forecastPath)
            let service = harness.service()
            for expected in [45.0, 90, 180] {
                let report = await service.weather(for: Self.berlin, force: false)
                #expect(report.fault == .serverError(status: 503))
                #expect(report.nextRefreshDate == harness.clock.now.addingTimeInterval(expected))
                harness.clock.advance(by: expected)
            }
            harness.server.setAnswer(nil, forPath: Self.forecastPath)
            let report = await service.weather(for: Self.berlin, force: false)
            #expect(report.fault == nil)
            #expect(report.nextRefreshDate == harness.clock.now.addingTimeInterval(900))
            #expect(await service.status().locations.first?.consecutiveFailures == 0)
        }
    }

    @Test("keeps the last good data and the day's calls across a restart, in its own cache directory")
    func restart() async throws {
        try await OpenMeteoHarness.run { harness in
            let good = await harness.service().weather(for: Self.berlin, force: false)
            harness.clock.advance(by: 120)
            let restarted = harness.service()
            let cached = await restarted.cachedWeather(for: Self.berlin)
            #expect(cached.current == good.current && cached.forecast == good.forecast)
            #expect(cached.nextRefreshDate == ServiceHarness.start.addingTimeInterval(900))
            #expect(await restarted.status().callsToday == 3)
            #expect(FileManager.default.fileExists(atPath: harness.cacheDirectory + "/call-ledger.json"))
            #expect(harness.server.requests.count == 1)
        }
    }

    @Test("status names Open-Meteo, needs no key, and counts its calls; its licence's credit is known")
    func status() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service()
            _ = await service.weather(for: Self.berlin, force: false)
            let status = await service.status()
            #expect(status.kind == .openMeteo)
            #expect(status.provider == "Open-Meteo forecast API (no key needed)")
            #expect(status.keySource == nil)
            #expect(status.dailyCallLimit == 5000)
            #expect(status.locations.map(\.location) == [Self.berlin])
            #expect(WeatherProvider.openMeteo.attribution == "Weather data by Open-Meteo.com")
            #expect(!WeatherProvider.openMeteo.needsKey && WeatherProvider.openWeatherMap.needsKey)
        }
    }
}
