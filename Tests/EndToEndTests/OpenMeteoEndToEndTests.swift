import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The hub without an OpenWeatherMap key, for real: the service fetches from Open-Meteo on loopback,
/// `weatherctl city set` looks the name up through Open-Meteo's geocoding, and with Open-Meteo as the
/// fallback `weatherctl status` says who answers and why.
@Suite("Open-Meteo end to end", .serialized)
struct OpenMeteoEndToEndTests {
    static func configuration(openMeteo: String, more: String = "  source: open-meteo\n") -> String {
        """
        provider:
        \(more)  city: Lyon
          country: FR
          open_meteo:
            forecast_url: \(openMeteo)
            geocoding_url: \(openMeteo)
        panel:
          model: simulated
        """
    }

    @Test("with source: open-meteo, weatherctl city set finds the city through Open-Meteo and the panel shows it")
    func citySet() async throws {
        try await OpenMeteoTestServer.withRunningServer { server in
            server.addPlace(OpenMeteoTestServer.Place.lyon, at: Date())
            server.addPlace(OpenMeteoTestServer.Place.parisFrance, at: Date())
            let hub = try HubSandbox(configuration: Self.configuration(openMeteo: server.baseURL))
            try hub.startService()
            #expect(try hub.ctl(["reload", "--wait"]).status == 0, "\(hub.serviceLog)")
            let lyonFrame = try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
            #expect(server.requests(to: "/v1/forecast").contains { $0.queryValue("latitude") == "45.74846" }, "\(hub.serviceLog)")

            let search = try hub.ctl(["city", "search", "Paris"])
            #expect(search.status == 0, "\(search.error)")
            #expect(search.output.contains("1. Paris, FR (48.85, 2.35)"))
            let result = try hub.ctl(["city", "set", "Paris"])
            #expect(result.status == 0, "\(result.error)\n\(hub.serviceLog)")
            #expect(result.output.contains("Saved Paris, FR."))
            #expect(result.output.contains("On the panel after"))
            #expect(server.requests(to: "/v1/forecast").contains { $0.queryValue("latitude") == "48.85341" })
            #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != lyonFrame)

            let unknown = try hub.ctl(["city", "set", "Atlantis"])
            #expect(unknown.status == 2)
            #expect(unknown.error.contains("no place named \"Atlantis\""))
            let status = try hub.ctl(["status"])
            #expect(status.output.contains("Weather    Open-Meteo forecast API (no key needed)"), "\(status.output)")
            #expect(!status.output.contains("key:"))
            #expect(hub.stopService() == 0)
        }
    }

    @Test("with OpenWeatherMap refusing the key, Open-Meteo stands in and weatherctl status says so")
    func fallbackStatus() async throws {
        try await OpenWeatherMapTestServer.withRunningServer(acceptedKeys: []) { owm in
            owm.addCity(LoopbackWeather.lyon, at: Date())
            try await OpenMeteoTestServer.withRunningServer { server in
                server.addPlace(OpenMeteoTestServer.Place.lyon, at: Date())
                let more = "  source: openweathermap\n  fallback: open-meteo\n  base_url: \(owm.baseURL)\n"
                let hub = try HubSandbox(configuration: Self.configuration(openMeteo: server.baseURL, more: more))
                try hub.startService()
                #expect(try hub.ctl(["reload", "--wait"]).status == 0, "\(hub.serviceLog)")
                #expect(!server.requests(to: "/v1/forecast").isEmpty, "\(hub.serviceLog)")
                let status = try hub.ctl(["status"])
                #expect(status.output.contains("Lyon, FR: Open-Meteo answers while OpenWeatherMap fails (key not active yet)"), "\(status.output)")
                #expect(status.output.contains("Fallback   Open-Meteo forecast API (no key needed)"), "\(status.output)")
                let json = try hub.ctl(["status", "--json"])
                #expect(json.output.contains(#""answeredBy" : "open-meteo""#), "\(json.output)")
                #expect(hub.stopService() == 0)
            }
        }
    }
}
