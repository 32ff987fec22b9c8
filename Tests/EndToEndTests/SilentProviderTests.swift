import Foundation
import HubTestSupport
import Testing

/// Issue 34, point 1, through the binaries: OpenWeatherMap or Open-Meteo on loopback accepts the connection and then
/// sends nothing (or its headers and then a byte a second), as a captive portal or a half-open proxy does.
/// The widgets wait 15 s (`widgets.provider_timeout`), so the weather service's own limit is 12 s, or
/// 6 s each with the fallback: 3 s of room for a machine busy with the rest of the suite. The fault has a
/// name before the widgets give up, the panel leaves the placeholder, and `weatherctl status` shows the
/// next call ahead.
@Suite("A silent weather provider end to end", .serialized)
struct SilentProviderTests {
    private static let stalls: [HTTPTestServer.Delivery] = [.never, .trickle(chunkSize: 1, interval: .seconds(1))]

    private static func configuration(owm: String, more: String = "") -> String {
        """
        provider:
          base_url: \(owm)
          city: Lyon
          country: FR
        \(more)panel:
          model: simulated
        widgets:
          provider_timeout: 15s
        """
    }

    /// Starts the service, keeps its first frame (the placeholder bars), has `weatherctl reload --wait`
    /// wait for the weather, and returns the placeholder frame.
    private static func placeholderThenReload(_ hub: HubSandbox) throws -> Data {
        try hub.startService()
        let placeholder = try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
        let reload = try hub.ctl(["reload", "--wait"])
        #expect(reload.status == 0, "\(reload.output)\(reload.error)\n\(hub.serviceLog)")
        return placeholder
    }

    /// Starts the service on a silent `provider` and checks what a person sees: the panel leaves the
    /// placeholder, `status` names the timeout with the next call ahead (the weather service's fault, not
    /// the widget's own timeout), and `status --json` says `timedOut`.
    private static func expectTimedOut(_ hub: HubSandbox, provider: String) throws {
        let placeholder = try placeholderThenReload(hub)
        #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != placeholder, "\(hub.serviceLog)")
        let status = try hub.ctl(["status"]).output
        let lyon = lyonLine(status)
        #expect(lyon.contains("no data yet; last error: \(provider) did not answer in time"), "\(status)")
        #expect(lyon.contains("; next call in "), "\(status)")
        #expect(!status.contains("did not answer within"), "\(status)")
        #expect(weatherWidgetState(status) == "ok", "\(status)")
        let json = try hub.ctl(["status", "--json"]).output
        #expect(json.contains(#""timedOut""#), "\(json)")
        #expect(!json.contains(#""showsPlaceholder" : true"#), "\(json)")
        #expect(hub.stopService() == 0)
    }

    /// The weather widget's STATE in `weatherctl status`'s widget table: `ok` once it shows a report (with
    /// its fault), `placeholder` or `error: …` while it waits for one or gave up.
    private static func weatherWidgetState(_ status: String) -> String? {
        let row = status.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .first { $0.count > 2 && $0[1] == "weather" }
        return row?.last.map(String.init)
    }

    /// The status line of Lyon under `label`'s provider.
    private static func lyonLine(_ status: String) -> String {
        status.split(separator: "\n").first { $0.contains("Lyon, FR: ") }.map(String.init) ?? ""
    }

    @Test("OpenWeatherMap silent or dripping: timed out in status and on the panel, next call ahead", arguments: stalls)
    func openWeatherMap(delivery: HTTPTestServer.Delivery) async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.setAnswer(.json(String(repeating: " ", count: 60) + "{}", delivery: delivery), forPath: "/data/2.5/weather")
            let hub = try HubSandbox(configuration: Self.configuration(owm: server.baseURL))
            try Self.expectTimedOut(hub, provider: "OpenWeatherMap")
        }
    }

    @Test("Open-Meteo silent or dripping: timed out in status and on the panel, next call ahead", arguments: stalls)
    func openMeteo(delivery: HTTPTestServer.Delivery) async throws {
        try await OpenMeteoTestServer.withRunningServer { server in
            server.addPlace(OpenMeteoTestServer.Place.lyon, at: Date())
            server.setAnswer(.json(String(repeating: " ", count: 60) + "{}", delivery: delivery), forPath: "/v1/forecast")
            let hub = try HubSandbox(configuration: """
                provider:
                  source: open-meteo
                  city: Lyon
                  country: FR
                  open_meteo:
                    forecast_url: \(server.baseURL)
                    geocoding_url: \(server.baseURL)
                panel:
                  model: simulated
                widgets:
                  provider_timeout: 15s
                """)
            try Self.expectTimedOut(hub, provider: "Open-Meteo")
        }
    }

    @Test("a silent OpenWeatherMap hands over to Open-Meteo before the widgets give up", arguments: stalls)
    func fallback(delivery: HTTPTestServer.Delivery) async throws {
        try await OpenWeatherMapTestServer.withRunningServer { owm in
            owm.setAnswer(.json(String(repeating: " ", count: 60) + "{}", delivery: delivery), forPath: "/data/2.5/weather")
            try await OpenMeteoTestServer.withRunningServer { openMeteo in
                openMeteo.addPlace(OpenMeteoTestServer.Place.lyon, at: Date())
                let more = "  fallback: open-meteo\n  open_meteo:\n    forecast_url: \(openMeteo.baseURL)\n    geocoding_url: \(openMeteo.baseURL)\n"
                let hub = try HubSandbox(configuration: Self.configuration(owm: owm.baseURL, more: more))
                let placeholder = try Self.placeholderThenReload(hub)
                #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != placeholder, "\(hub.serviceLog)")
                #expect(!openMeteo.requests(to: "/v1/forecast").isEmpty, "\(hub.serviceLog)")

                let status = try hub.ctl(["status"]).output
                #expect(status.contains("Lyon, FR: Open-Meteo answers while OpenWeatherMap fails (timed out)"), "\(status)")
                #expect(Self.lyonLine(status).contains("; next call in "), "\(status)")
                #expect(Self.weatherWidgetState(status) == "ok", "\(status)")
                let json = try hub.ctl(["status", "--json"]).output
                #expect(json.contains(#""answeredBy" : "open-meteo""#), "\(json)")
                #expect(json.contains(#""timedOut""#), "\(json)")
                #expect(hub.stopService() == 0)
            }
        }
    }
}
