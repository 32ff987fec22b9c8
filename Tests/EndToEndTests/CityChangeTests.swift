import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The seed's flow, for real: the service runs (simulated panel, OpenWeatherMap on loopback), the CLI
/// stores a city in the shared store and asks for `reloadAllTimelines`, and the panel shows the new city.
@Suite("City change end to end", .serialized)
struct CityChangeTests {
    @Test("weatherctl city set puts the new city's frame on the panel and says when")
    func citySetReachesThePanel() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            server.addCity(LoopbackWeather.paris, at: Date())
            let hub = try HubSandbox(configuration: LoopbackWeather.configuration(baseURL: server.baseURL))
            try hub.startService()
            let lyonFrame = try await settledFrame(of: hub)

            let started = ContinuousClock.now
            let result = try hub.ctl(["city", "set", "Paris"])
            let elapsed = ContinuousClock.now - started
            #expect(result.status == 0, "\(result.error)\n\(hub.serviceLog)")
            #expect(result.output.contains("Saved Paris, FR."))
            #expect(result.output.contains("On the panel after"))
            print("city set → new frame on the panel: \(elapsed) (weatherctl's own measure: \(result.output.split(separator: "\n").last ?? ""))")

            // The service asked for Paris by its coordinates, and the panel's frame changed.
            let parisCalls = server.requests.filter { $0.path == "/data/2.5/weather" && $0.target.contains("lat=48.85") }
            #expect(!parisCalls.isEmpty, "\(server.requests.map(\.target))\n\(hub.serviceLog)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != lyonFrame)
            let status = try hub.ctl(["status", "--json"])
            #expect(status.output.contains(#""name" : "Paris""#))
            #expect(hub.stopService() == 0)
        }
    }

    @Test("with the service down the city is saved, and the service shows it when it starts")
    func serviceDown() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            server.addCity(LoopbackWeather.paris, at: Date())
            let hub = try HubSandbox(configuration: LoopbackWeather.configuration(baseURL: server.baseURL))
            let result = try hub.ctl(["city", "set", "Paris"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("The service is not running; the panel shows Paris when it starts."))
            try hub.startService()
            _ = try await settledFrame(of: hub)
            #expect(server.requests.contains { $0.path == "/data/2.5/weather" && $0.target.contains("lat=48.85") })
            #expect(!server.requests.contains { $0.path == "/data/2.5/weather" && $0.target.contains("lat=45.75") })
            #expect(hub.stopService() == 0)
        }
    }

    @Test("bad names get one clear message, a non-zero exit, and nothing stored")
    func badNames() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            let hub = try HubSandbox(configuration: LoopbackWeather.configuration(baseURL: server.baseURL))
            let cases: [(arguments: [String], status: Int32, message: String)] = [
                (["city", "set", ""], 64, "the city name is empty"),
                (["city", "set", String(repeating: "x", count: 10_000)], 64, "names are limited to 200"),
                (["city", "set", "Ly\u{7}on"], 64, "control characters"),
                (["city", "set", "Atlantis"], 2, "no place named \"Atlantis\""),
                (["city", "set", "Lyon", "--country", "France"], 64, "not a two-letter country code"),
                (["city", "set", "Lyon", "--frobnicate"], 64, "Unknown option"),
            ]
            for (arguments, status, message) in cases {
                let result = try hub.ctl(arguments)
                #expect(result.status == status, "\(arguments.prefix(3))")
                #expect(result.error.contains(message), "\(result.error)")
            }
            #expect(try hub.ctl(["city", "get"]).output.contains("Lyon, FR (the configuration's default)"))
        }
    }

    @Test("a name with & ? # / is URL-encoded on the way out and stored as typed")
    func reservedCharacters() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            let hub = try HubSandbox(configuration: LoopbackWeather.configuration(baseURL: server.baseURL))
            let name = "Saint-Jean & Co? #1/2"
            let result = try hub.ctl(["city", "set", name])
            #expect(result.status == 2)
            let geocoding = try #require(server.requests.last { $0.path == "/geo/1.0/direct" })
            #expect(geocoding.target.contains("Saint-Jean%20%26%20Co%3F%20%231%2F2") || geocoding.query.contains { $0.value == name })
            let stored = try hub.ctl(["city", "set", name, "--no-verify"])
            #expect(stored.status == 0)
            let get = try hub.ctl(["city", "get", "--json"])
            #expect(get.output.contains(#""name" : "Saint-Jean & Co? #1/2""#), "\(get.output)")
        }
    }

    @Test("a configuration with problems stops the service with status 78 and the problem's line")
    func brokenConfiguration() throws {
        let hub = try HubSandbox(configuration: "provider:\n  citty: Lyon\n")
        let result = try hub.startServiceExpectingFailure()
        #expect(result.status == 78)
        #expect(result.error.contains("config.yaml:2:3: provider.citty: unknown key (did you mean `city`?)"), "\(result.error)")
    }

    /// The frame on the panel once the first timeline replaced the placeholder: `reload --wait` answers
    /// when the reloaded timelines are on the panel.
    private func settledFrame(of hub: HubSandbox) async throws -> Data {
        let result = try hub.ctl(["reload", "--wait"])
        #expect(result.status == 0, "\(result.error)")
        return try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
    }
}
