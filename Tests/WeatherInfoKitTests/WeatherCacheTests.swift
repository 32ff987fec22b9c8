import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The disk cache, across "reboots": a new service on the same directory.
@Suite("the disk cache")
struct WeatherCacheTests {
    private static let zocca = ServiceHarness.zocca

    @Test("after a restart the last good data shows with its age before the network is up")
    func restartWithoutNetwork() async throws {
        try await ServiceHarness.run { harness in
            let before = await harness.service().weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 300)

            let down = try RefusingPort()
            let restarted = harness.service(baseURL: down.baseURL)
            let placeholder = await restarted.cachedWeather(for: Self.zocca)
            #expect(placeholder.current == before.current)
            #expect(placeholder.forecast == before.forecast)
            #expect(placeholder.age(at: harness.clock.now) == .seconds(300))
            #expect(placeholder.nextRefreshDate == ServiceHarness.start.addingTimeInterval(600))

            // Within the 10 minutes counted from the cached fetch, no call is made.
            let early = await restarted.weather(for: Self.zocca, force: false)
            #expect(early.fault == nil)
            #expect(early.current == before.current)

            harness.clock.advance(by: 300)
            let offline = await restarted.weather(for: Self.zocca, force: false)
            #expect(offline.fault == .connectionRefused(host: "127.0.0.1"))
            #expect(offline.current == before.current)
            #expect(offline.forecast == before.forecast)
            #expect(offline.age(at: harness.clock.now) == .seconds(600))
        }
    }

    @Test("a cache written in other units is refreshed at once, and shown in its own units until then")
    func unitsChange() async throws {
        try await ServiceHarness.run { harness in
            _ = await harness.service(units: .metric).weather(for: Self.zocca, force: false)
            harness.clock.advance(by: 60)
            let imperial = harness.service(units: .imperial)
            #expect(await imperial.cachedWeather(for: Self.zocca).current?.units == .metric)
            let report = await imperial.weather(for: Self.zocca, force: false)
            #expect(report.current?.units == .imperial)
            #expect(harness.server.requests.count == 4)
        }
    }

    @Test("a damaged cache file is ignored, then replaced by the next good answer")
    func damagedFile() async throws {
        try await ServiceHarness.run { harness in
            _ = await harness.service().weather(for: Self.zocca, force: false)
            let files = try FileManager.default.contentsOfDirectory(atPath: harness.cacheDirectory)
            let currentFile = try #require(files.first { $0.hasSuffix(".current.json") })
            try "{\"format\":1,\"loc".write(toFile: harness.cacheDirectory + "/" + currentFile, atomically: false, encoding: .utf8)

            let restarted = harness.service()
            let placeholder = await restarted.cachedWeather(for: Self.zocca)
            #expect(placeholder.current == nil)
            #expect(placeholder.forecast != nil)
            let report = await restarted.weather(for: Self.zocca, force: false)
            #expect(report.current != nil)
            #expect(await harness.service().cachedWeather(for: Self.zocca).current == report.current)
        }
    }

    @Test("every current-weather fetch logs the pressure; the log survives a restart and gives a 3-hour change")
    func pressureLog() async throws {
        try await ServiceHarness.run { harness in
            let body = try Fixture.text("current_weather_doc_zocca_standard.json")
            let service = harness.service()
            for (step, pressure) in [1010, 1011, 1013].enumerated() {
                let observed = Int(ServiceHarness.start.timeIntervalSince1970) + step * 5400
                let changed = body.replacingOccurrences(of: "\"pressure\": 1015", with: "\"pressure\": \(pressure)")
                    .replacingOccurrences(of: "\"dt\": 1661870592", with: "\"dt\": \(observed)")
                harness.server.setCurrentWeather(.json(changed), forCity: "Zocca")
                _ = await service.weather(for: Self.zocca, force: true)
                harness.clock.advance(by: 5400)
            }
            let restarted = await harness.service().cachedWeather(for: Self.zocca)
            #expect(restarted.pressureLog.observations.map(\.hectopascals) == [1010, 1011, 1013])
            let change = try #require(restarted.pressureLog.change(over: 3 * 3600))
            #expect(change.hectopascals == 3)
            #expect(change.interval == 3 * 3600)
        }
    }

    @Test("files are replaced whole: no temporary file is left behind")
    func atomicReplace() async throws {
        try await ServiceHarness.run { harness in
            let service = harness.service()
            for _ in 0..<3 {
                _ = await service.weather(for: Self.zocca, force: true)
                harness.clock.advance(by: 60)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: harness.cacheDirectory).sorted()
            #expect(files.count == 4)
            #expect(files.allSatisfy { $0.hasSuffix(".json") })
            #expect(files.contains("call-ledger.json"))
        }
    }

    @Test("places that share a name never share cache files")
    func sameNameDifferentPlaces() async throws {
        try await ServiceHarness.run { harness in
            harness.server.addCity(ServiceHarness.parisFrance, at: ServiceHarness.start)
            harness.server.addCity(ServiceHarness.parisTexas, at: ServiceHarness.start)
            let parisFR = Location(name: "Paris", countryCode: "FR", coordinates: Coordinates(latitude: 48.8589, longitude: 2.32))
            let parisTX = Location(name: "Paris", countryCode: "US", state: "TX", coordinates: Coordinates(latitude: 33.6609, longitude: -95.5555))
            let service = harness.service()
            _ = await service.weather(for: parisFR, force: false)
            _ = await service.weather(for: parisTX, force: false)
            let restarted = harness.service()
            #expect(await restarted.cachedWeather(for: parisFR).current?.value.utcOffsetSeconds == 7200)
            #expect(await restarted.cachedWeather(for: parisTX).current?.value.utcOffsetSeconds == -18_000)
        }
    }

    @Test("an unwritable cache directory does not stop the weather")
    func unwritableCache() async throws {
        try await ServiceHarness.run { harness in
            // A regular file where the cache directory should be: every write fails.
            try "not a directory".write(toFile: harness.cacheDirectory, atomically: true, encoding: .utf8)
            let report = await harness.service().weather(for: Self.zocca, force: false)
            #expect(report.fault == nil)
            #expect(report.current != nil && report.forecast != nil)
        }
    }
}
