#if canImport(Glibc)
import Glibc
#endif
import EPaper
@testable import HubConfig
import InkUI
import InkWidgets
import Sensors
import Testing

@Suite("The default and example configurations")
struct DefaultsTests {
    @Test("no file: the embedded default runs demo weather on an 800×480 simulated panel, weather beside sensors")
    func missingFile() throws {
        let fixture = ConfigFixture()
        let configuration = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.source == "built-in default configuration")
        #expect(configuration.provider.source == .demo)
        #expect(configuration.panel.model == .simulated)
        #expect(configuration.layout.panelSize == PixelSize(width: 800, height: 480))
        #expect(configuration.layout.placements.map(\.kind) == ["weather", "sensors"])
        #expect(configuration.layout.placements.map(\.family) == [.large, .small])
        #expect(configuration.sensors.broker == nil)
    }

    @Test("config/weatherhub.yaml is exactly the embedded default")
    func defaultFileMatchesEmbedded() throws {
        let path = Repository.root + "/config/weatherhub.yaml"
        guard case .text(let text, _) = FileContents.read(path) else {
            Issue.record("cannot read \(path)")
            return
        }
        #expect(text == DefaultConfiguration.text + "\n")
    }

    @Test("config/weatherhub.example.yaml parses with zero problems and sets every section")
    func exampleParses() throws {
        let fixture = ConfigFixture()
        var paths = fixture.paths
        paths.configFile = Repository.root + "/config/weatherhub.example.yaml"
        let check = HubConfiguration.check(paths: paths, environment: [:], catalog: Catalog.all)
        #expect(check.problems == [])
        #expect(check.fileExists)
        let configuration = try HubConfiguration.load(paths: paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.provider.source == .openWeatherMap)
        #expect(configuration.panel.model == .waveshare7in5V2)
        #expect(configuration.layout.placements.count >= 2)
    }

    @Test("config/weatherhub.yaml as a file parses with zero problems")
    func defaultFileParses() {
        let fixture = ConfigFixture()
        var paths = fixture.paths
        paths.configFile = Repository.root + "/config/weatherhub.yaml"
        #expect(HubConfiguration.check(paths: paths, environment: [:], catalog: Catalog.all).problems == [])
    }

    @Test("an empty file means every default, with the layout chosen by panel size")
    func emptyFile() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("# nothing yet\n")
        #expect(configuration.provider.source == .openWeatherMap)
        #expect(configuration.panel == PanelProfile.builtIn(.simulated))
        #expect(configuration.layout.placements == [
            WidgetPlacement(kind: "weather", family: .large, id: "weather", region: PixelRect(x: 0, y: 0, width: 400, height: 300)),
        ])
        #expect(configuration.widgets == SchedulerSettings(minimumDisplayInterval: .seconds(5)))
        #expect(configuration.sensors.limits == IntakeLimits())
        #expect(configuration.logging == LoggingSettings())
    }
}
