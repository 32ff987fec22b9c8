import Foundation
import HubTestSupport
import SharedDefaultsKit
import Testing
import WeatherInfoKit
import WeatherWidgets

/// The seed's deep link, for real: `weatherctl open 'weatherwidget://?daysFromNow=2'` selects the forecast
/// day in the running service (what the 2.7" HAT's keys do), and the forecast widget shows that day.
@Suite("Widget links end to end", .serialized)
struct WidgetLinkTests {
    static let configuration = """
        provider:
          demo: true
        panel:
          model: simulated
          simulated: { width: 400, height: 300 }
        layout:
          - kind: forecast
            family: large
            region: { x: 0, y: 0, width: 400, height: 300 }
        """

    @Test("open selects the forecast day, the panel shows it, and a bad link changes nothing")
    func openSelectsTheForecastDay() throws {
        let hub = try HubSandbox(configuration: Self.configuration)
        try hub.startService()
        let today = try settledFrame(of: hub)

        let opened = try hub.ctl(["open", "weatherwidget://?daysFromNow=2"])
        #expect(opened.status == 0, "\(opened.error)\n\(hub.serviceLog)")
        #expect(opened.output.contains("The forecast shows day +2."))
        #expect(try selectedDay(in: hub) == 2)
        #expect(try settledFrame(of: hub) != today)

        for (link, message) in [
            ("weatherwidget://?daysFromNow=9", "daysFromNow must be 0 (today) to 4, not `9`"),
            ("https://example.com/?daysFromNow=1", "is not a weatherwidget:// link"),
            ("weatherwidget://?city=Paris", "the link's only parameter is daysFromNow"),
        ] {
            let refused = try hub.ctl(["open", link])
            #expect(refused.status == 64, "\(link)")
            #expect(refused.error.contains(message), "\(refused.error)")
        }
        #expect(try selectedDay(in: hub) == 2)

        let back = try hub.ctl(["open", "weatherwidget://", "--json"])
        #expect(back.status == 0)
        #expect(back.output.contains(#""daysFromNow" : 0"#), "\(back.output)")
        #expect(try selectedDay(in: hub) == 0)
        #expect(hub.stopService() == 0)
    }

    @Test("with the service down open says so and exits 3")
    func serviceDown() throws {
        let hub = try HubSandbox(configuration: Self.configuration)
        let result = try hub.ctl(["open", "weatherwidget://?daysFromNow=1"])
        #expect(result.status == 3, "\(result.error)")
        #expect(result.error.contains("not running"), "\(result.error)")
    }

    private func selectedDay(in hub: HubSandbox) throws -> Int {
        let directory = URL(fileURLWithPath: hub.sharedDefaultsFile).deletingLastPathComponent().path
        let defaults = try SharedDefaults(suiteName: "weatherhub", containerDirectory: directory)
        return defaults.value(for: .selectedForecastDay)
    }

    /// The frame on the panel once the reloads asked for so far are on it.
    private func settledFrame(of hub: HubSandbox) throws -> Data {
        let result = try hub.ctl(["reload", "--wait"])
        #expect(result.status == 0, "\(result.error)")
        return try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
    }
}
