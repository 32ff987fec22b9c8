import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// City search through Open-Meteo's geocoding API, and places known only by name.
@Suite("Open-Meteo geocoding")
struct OpenMeteoGeocodingTests {
    @Test("lists the places of a name, US places with their state, and counts one call")
    func search() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service(language: "de")
            let places = try await service.locations(matching: "Paris")
            #expect(places.map(\.displayName) == ["Paris, Texas, US", "Paris, FR"])
            #expect(places.first?.coordinates == Coordinates(latitude: 33.66094, longitude: -95.55551))
            let request = try #require(harness.server.requests(to: "/v1/search").first)
            #expect(request.queryValue("name") == "Paris")
            #expect(request.queryValue("count") == "5")
            #expect(request.queryValue("language") == "de")
            #expect(request.queryValue("countryCode") == nil)
            #expect(await service.status().callsToday == 1)
        }
    }

    @Test("a country given as `name,CC` becomes countryCode, a state stays in the name")
    func country() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service()
            let france = try await service.locations(matching: "Paris,FR")
            let texas = try await service.locations(matching: "Paris,Texas,US")
            #expect(france.map(\.displayName) == ["Paris, FR"])
            #expect(texas.map(\.displayName) == ["Paris, Texas, US"])
            let requests = harness.server.requests(to: "/v1/search")
            #expect(requests.map { $0.queryValue("countryCode") } == ["FR", "US"])
            #expect(requests.map { $0.queryValue("name") } == ["Paris", "Paris, Texas"])
        }
    }

    @Test("a name nothing matches gives no places (Open-Meteo leaves `results` out)")
    func notFound() async throws {
        try await OpenMeteoHarness.run { harness in
            let places = try await harness.service().locations(matching: "Xyzzyqq")
            #expect(places.isEmpty)
        }
    }

    @Test("an error from the geocoding API is thrown with its reason")
    func searchError() async throws {
        try await OpenMeteoHarness.run { harness in
            harness.server.setAnswer(.json(OpenMeteoTestBodies.invalidCount, status: 400), forPath: "/v1/search")
            await #expect(throws: WeatherFault.unexpectedStatus(status: 400, message: "Parameter count must be between 1 and 100.")) {
                try await harness.service().locations(matching: "Paris")
            }
        }
    }

    @Test("a place known only by name is geocoded once, then asked for by its coordinates")
    func nameOnlyPlace() async throws {
        try await OpenMeteoHarness.run { harness in
            let service = harness.service()
            let place = Location(name: "Zocca", countryCode: "IT")
            #expect(await service.weather(for: place, force: false).fault == nil)
            harness.clock.advance(by: 60)
            #expect(await service.weather(for: place, force: true).fault == nil)
            let searches = harness.server.requests(to: "/v1/search")
            #expect(searches.count == 1)
            #expect(searches.first?.queryValue("count") == "1")
            #expect(searches.first?.queryValue("countryCode") == "IT")
            #expect(harness.server.requests(to: "/v1/forecast").allSatisfy { $0.queryValue("latitude") == "44.34" })
            #expect(await service.status().callsToday == 7)
        }
    }

    @Test("a place the geocoder does not know reads as city not found, and no forecast is asked")
    func unknownPlace() async throws {
        try await OpenMeteoHarness.run { harness in
            let report = await harness.service().weather(for: Location(name: "Xyzzyqq"), force: false)
            #expect(report.fault == .locationNotFound(name: "Xyzzyqq"))
            #expect(harness.server.requests(to: "/v1/forecast").isEmpty)
        }
    }
}
