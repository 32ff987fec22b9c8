import Foundation
import HubTestSupport
import InMemoryLogging
import Logging
import Testing
import WeatherInfoKit

/// What goes out on the wire, as the loopback server recorded it.
@Suite("requests on the wire")
struct RequestEncodingTests {
    @Test("percent-encodes names with &, ?, #, / and non-ASCII letters")
    func awkwardNames() async throws {
        let name = "Saint-Ouen & Co/Zürich?#1+2"
        try await ServiceHarness.run { harness in
            let report = await harness.service().weather(for: Location(name: name, countryCode: "FR"), force: false)
            #expect(report.fault == .locationNotFound(name: name))
            let request = try #require(harness.requests(to: "/data/2.5/weather").first)
            #expect(request.queryValue("q") == name + ",FR")
            #expect(request.query.map(\.name) == ["q", "units", "appid"])
            #expect(request.target.contains("q=Saint-Ouen%20%26%20Co%2FZ%C3%BCrich%3F%231%2B2%2CFR&"))
        }
    }

    @Test("searches names in any script")
    func nonASCIISearch() async throws {
        try await ServiceHarness.run { harness in
            let zurich = OpenWeatherMapTestServer.City(name: "Zürich", country: "CH", latitude: 47.3744, longitude: 8.541, utcOffsetSeconds: 3600)
            harness.server.addCity(zurich, at: ServiceHarness.start)
            let candidates = try await harness.service().locations(matching: "Zürich")
            #expect(candidates.map(\.name) == ["Zürich"])
            #expect(harness.requests(to: "/geo/1.0/direct").first?.target.contains("q=Z%C3%BCrich&limit=5&") == true)
        }
    }

    @Test("asks by coordinates when known and by name otherwise, with units and language")
    func placeAndOptions() async throws {
        try await ServiceHarness.run { harness in
            let service = harness.service(units: .metric, language: "de")
            _ = await service.weather(for: ServiceHarness.zocca, force: false)
            _ = await service.weather(for: Location(name: "Zocca", countryCode: "IT"), force: false)
            let forecasts = harness.requests(to: "/data/2.5/forecast")
            #expect(forecasts.map { $0.query.map(\.name) } == [["lat", "lon", "units", "lang", "appid"], ["q", "units", "lang", "appid"]])
            #expect(forecasts[0].queryValue("lat") == "44.34" && forecasts[0].queryValue("lon") == "10.99")
            #expect(forecasts[1].queryValue("q") == "Zocca,IT")
            #expect(forecasts.allSatisfy { $0.queryValue("units") == "metric" && $0.queryValue("lang") == "de" })
        }
    }

    @Test("writes coordinates in decimals, never in exponent form")
    func smallCoordinates() async throws {
        try await ServiceHarness.run { harness in
            let place = Location(name: "Null Island", coordinates: Coordinates(latitude: -0.00001, longitude: 0.0000004))
            _ = await harness.service().weather(for: place, force: false)
            let request = try #require(harness.requests(to: "/data/2.5/weather").first)
            #expect(request.queryValue("lat") == "-0.00001")
            #expect(request.queryValue("lon") == "0")
        }
    }

    @Test("asks One Call without minutely data and alerts")
    func oneCallQuery() async throws {
        try await ServiceHarness.run(oneCallKeys: [OpenWeatherMapTestServer.validKey]) { harness in
            _ = await harness.service(plan: .oneCall).weather(for: ServiceHarness.zocca, force: false)
            let request = try #require(harness.requests(to: "/data/3.0/onecall").first)
            #expect(request.queryValue("exclude") == "minutely")
            #expect(harness.requests(to: "/data/2.5/weather").isEmpty)
        }
    }

    @Test("sends the key as appid and never logs it, not even in faults")
    func keyNeverLogged() async throws {
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let logger = Logger(label: "test.keys", factory: { [handler] _ in handler })
        let key = OpenWeatherMapTestServer.validKey
        let report = try await ServiceHarness.run { harness in
            let service = harness.service(logger: logger)
            _ = await service.weather(for: ServiceHarness.zocca, force: false)
            harness.server.setAcceptedKeys([])
            harness.clock.advance(by: 60)
            let report = await service.weather(for: ServiceHarness.zocca, force: true)
            #expect(harness.server.requests.allSatisfy { $0.queryValue("appid") == key })
            return report
        }
        #expect(report.fault == .keyRefused)
        let entries = handler.entries
        #expect(entries.contains { $0.metadata["weather.url"]?.description.contains("appid=REDACTED") == true })
        for entry in entries {
            #expect(!entry.message.description.contains(key))
            #expect(!entry.metadata.values.contains { $0.description.contains(key) })
        }
        #expect(!report.fault!.message(from: .openWeatherMap).contains(key))
        #expect("\(APIKey(key)!)" == "<redacted API key>")
    }
}
