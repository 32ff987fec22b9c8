import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// OpenWeatherMap with Open-Meteo standing in while it fails: switching both ways, never doubling a
/// provider's calls, and saying which provider answered and why.
@Suite("Open-Meteo standing in for OpenWeatherMap")
struct FallbackWeatherSourceTests {
    private static let zocca = ServiceHarness.zocca
    private static let weatherPath = "/data/2.5/weather"

    @Test("while OpenWeatherMap answers, Open-Meteo is never called")
    func primaryAnswers() async throws {
        try await FallbackHarness.run { harness in
            for _ in 0..<3 {
                let report = await harness.source.weather(for: Self.zocca, force: false)
                #expect(report.provider == .openWeatherMap)
                #expect(report.fault == nil && report.fallbackReason == nil)
                harness.clock.advance(by: 600)
            }
            #expect(harness.owmRequests == 6)
            #expect(harness.openMeteoRequests == 0)
        }
    }

    @Test("a refused key switches to Open-Meteo, marked with its provider and the reason, and back when the key works")
    func switchesBothWays() async throws {
        try await FallbackHarness.run(acceptedKeys: []) { harness in
            let start = ServiceHarness.start
            let standIn = await harness.source.weather(for: Self.zocca, force: false)
            #expect(standIn.provider == .openMeteo)
            #expect(standIn.fallbackReason == .keyNotActiveYet(since: start))
            #expect(standIn.fault == nil)
            #expect(standIn.current?.value.temperature == 291.65)
            // The earlier of OpenWeatherMap's next try (10 min × 0.75) and Open-Meteo's next call (15 min).
            #expect(standIn.nextRefreshDate == start.addingTimeInterval(450))
            #expect((harness.owmRequests, harness.openMeteoRequests) == (1, 1))

            harness.clock.advance(by: 450)
            let stillRefused = await harness.source.weather(for: Self.zocca, force: false)
            #expect(stillRefused.provider == .openMeteo)
            #expect(stillRefused.current == standIn.current)
            #expect((harness.owmRequests, harness.openMeteoRequests) == (2, 1))

            harness.owm.server.setAcceptedKeys([OpenWeatherMapTestServer.validKey])
            harness.clock.advance(by: 450)
            let back = await harness.source.weather(for: Self.zocca, force: false)
            #expect(back.provider == .openWeatherMap)
            #expect(back.fallbackReason == nil && back.fault == nil)
            #expect(back.current?.fetchedAt == harness.clock.now)
            #expect((harness.owmRequests, harness.openMeteoRequests) == (4, 1))
        }
    }

    @Test("over an hour of OpenWeatherMap errors, asked every minute, each provider gets exactly the calls it would get alone")
    func callsNotDoubled() async throws {
        try await FallbackHarness.run { harness in
            harness.owm.server.setAnswer(.json("{}", status: 503), forPath: Self.weatherPath)
            func askEveryMinute(_ source: any WeatherSource) async {
                harness.clock.set(ServiceHarness.start)
                for _ in 0..<60 {
                    _ = await source.weather(for: Self.zocca, force: false)
                    harness.clock.advance(by: 60)
                }
            }
            await askEveryMinute(harness.source)
            let together = (harness.owmRequests, harness.openMeteoRequests)
            // Backoff from 45 s doubling (asked on the minute): 0, 1, 3, 6, 12, 24, 48 min; Open-Meteo every 15 min.
            #expect(together == (7, 4))
            await askEveryMinute(harness.owm.service())
            await askEveryMinute(FallbackHarness.openMeteoService(harness.openMeteo, owm: harness.owm, directory: "open-meteo-alone"))
            #expect(harness.owmRequests - together.0 == together.0)
            #expect(harness.openMeteoRequests - together.1 == together.1)
        }
    }

    @Test("city not found does not switch: the place itself is wrong")
    func cityNotFoundStays() async throws {
        try await FallbackHarness.run { harness in
            harness.owm.server.setCurrentWeather(.json(#"{"cod":"404","message":"city not found"}"#, status: 404), forCity: "Zocca")
            let report = await harness.source.weather(for: Self.zocca, force: false)
            #expect(report.provider == .openWeatherMap)
            #expect(report.fault == .locationNotFound(name: "Zocca"))
            #expect(harness.openMeteoRequests == 0)
        }
    }

    @Test("a forced refresh tries OpenWeatherMap first, and forces Open-Meteo only when OpenWeatherMap fails again")
    func forced() async throws {
        try await FallbackHarness.run { harness in
            harness.owm.server.setAnswer(.json("{}", status: 503), forPath: Self.weatherPath)
            _ = await harness.source.weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 10)
            let forced = await harness.source.weather(for: Self.zocca, force: true)
            #expect(forced.provider == .openMeteo)
            #expect(forced.current?.fetchedAt == harness.clock.now)
            #expect((harness.owmRequests, harness.openMeteoRequests) == (2, 2))
            harness.owm.server.setAnswer(nil, forPath: Self.weatherPath)
            harness.clock.advance(by: 10)
            #expect(await harness.source.weather(for: Self.zocca, force: true).provider == .openWeatherMap)
            #expect((harness.owmRequests, harness.openMeteoRequests) == (4, 2))
        }
    }

    @Test("when Open-Meteo fails too, its fault shows beside the reason; OpenWeatherMap's newer data win over none, in reports and status")
    func bothFail() async throws {
        try await FallbackHarness.run { harness in
            harness.openMeteo.setAnswer(.json(OpenMeteoTestBodies.overloaded, status: 503), forPath: "/v1/forecast")
            harness.owm.server.setAnswer(.json("{}", status: 502), forPath: Self.weatherPath)
            let nothing = await harness.source.weather(for: Self.zocca, force: false)
            #expect(nothing.provider == .openMeteo)
            #expect(nothing.fault == .serverError(status: 503))
            #expect(nothing.fallbackReason == .serverError(status: 502))
            #expect(!nothing.hasData)
            #expect(await harness.source.status().locations.first?.answeredBy == .openMeteo)

            harness.owm.server.setAnswer(nil, forPath: Self.weatherPath)
            harness.clock.advance(by: 3600)
            let good = await harness.source.weather(for: Self.zocca, force: false)
            #expect(good.provider == .openWeatherMap && good.hasData)
            harness.owm.server.setAnswer(.json("{}", status: 502), forPath: Self.weatherPath)
            harness.clock.advance(by: 600)
            let kept = await harness.source.weather(for: Self.zocca, force: false)
            #expect(kept.provider == .openWeatherMap)
            #expect(kept.fault == .serverError(status: 502))
            #expect(kept.fallbackReason == nil)
            #expect(kept.current == good.current)
            #expect(await harness.source.status().locations.first?.answeredBy == nil)
        }
    }

    @Test("status shows both providers, and which one answers each place and why")
    func status() async throws {
        try await FallbackHarness.run { harness in
            try harness.owm.removeKey()
            let report = await harness.source.weather(for: Self.zocca, force: false)
            #expect(report.fallbackReason == .keyMissing)
            let status = await harness.source.status()
            #expect(status.kind == .openWeatherMap)
            #expect(status.callsToday == 0)
            #expect(status.locations.first?.fault == .keyMissing)
            #expect(status.locations.first?.answeredBy == .openMeteo)
            let fallback = try #require(status.fallback)
            #expect(fallback.kind == .openMeteo)
            #expect(fallback.callsToday == 3)
            #expect(fallback.locations.first?.fault == nil)
            let decoded = try JSONDecoder().decode(WeatherServiceStatus.self, from: JSONEncoder().encode(status))
            #expect(decoded == status)
            // The panel's placeholder and snapshot read the stand-in's data without any call.
            #expect(await harness.source.cachedWeather(for: Self.zocca) == report)
            #expect(harness.openMeteoRequests == 1)
        }
    }

    @Test("city search uses OpenWeatherMap's geocoding, and Open-Meteo's while OpenWeatherMap cannot search")
    func search() async throws {
        try await FallbackHarness.run { harness in
            let zocca = try await harness.source.locations(matching: "Zocca")
            #expect(zocca.map(\.displayName) == ["Zocca, IT"])
            #expect(harness.openMeteoRequests == 0)
            try harness.owm.removeKey()
            let paris = try await harness.source.locations(matching: "Paris")
            #expect(paris.map(\.displayName) == ["Paris, FR"])
            #expect(harness.openMeteo.requests(to: "/v1/search").count == 1)
            harness.openMeteo.setAnswer(.json(OpenMeteoTestBodies.overloaded, status: 503), forPath: "/v1/search")
            await #expect(throws: WeatherFault.keyMissing) { try await harness.source.locations(matching: "Paris") }
        }
    }
}
