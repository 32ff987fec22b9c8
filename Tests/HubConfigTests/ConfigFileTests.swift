#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import HubConfig
import InkWidgets
import Sensors
import Testing
import WeatherInfoKit
import InkUI
import WeatherWidgets

@Suite("Changing the configuration file: the person's text kept, checked first, atomic, never over someone else's change")
struct ConfigFileTests {
    let fixture = ConfigFixture()

    func file() -> ConfigFile { ConfigFile(path: fixture.configFile) }

    func check(_ snapshot: ConfigSnapshot) -> [ConfigurationProblem] {
        HubConfiguration.reading(snapshot, paths: fixture.paths, environment: [:], catalog: Catalog.all).problems
    }

    func exampleText() throws -> String {
        try String(contentsOfFile: Repository.root + "/config/weatherhub.example.yaml", encoding: .utf8)
    }

    @Test("in the example file, a value, a new key in a section and a new section change only their lines")
    func examplePreserved() throws {
        let example = try exampleText()
        fixture.write(example)
        let change = try file().change(
            [
                ConfigEdit(["display", "language"], .text("de")),
                ConfigEdit(["provider", "units"], .text("imperial")),
                ConfigEdit(["display", "clock"], .removed),
                ConfigEdit(["mqtt", "home_assistant", "enabled"], .flag(false)),
            ], check: check)
        #expect(change.changed && change.commentsKept)
        let written = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        let difference = LineChange.between(example, written)
        #expect(Set(difference.filter { $0.kind == .removed }.map(\.text)) == ["  clock: 24h", "  units: metric", "  language: en", "    enabled: true"])
        #expect(difference.filter { $0.kind == .added }.map(\.text).contains("  units: imperial"))
        #expect(difference.filter { $0.kind == .added }.map(\.text).contains("  language: de"))
        let configuration = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.display.language == .german)
        #expect(configuration.display.clock == .twentyFourHour)
        #expect(configuration.hubMQTT.homeAssistant == nil)
        #expect(try String(contentsOfFile: file().previousPath, encoding: .utf8) == example)
    }

    @Test("a sensor's entry under a quoted pattern key is changed in place; a new one is added with its identity quoted where needed")
    func sensorEntries() throws {
        let example = try exampleText()
        fixture.write(example)
        let change = try file().change(
            [
                ConfigEdit(["sensors", "devices", "Nexus-TH/1/*", "name"], .text("Back garden")),
                ConfigEdit(["sensors", "devices", "shellies/shellyht-1A2B3C", "role"], .text("room")),
                ConfigEdit(["sensors", "devices", "#kitchen: left", "name"], .text("Kitchen")),
            ], check: check)
        #expect(change.commentsKept)
        let written = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        #expect(Set(LineChange.between(example, written).filter { $0.kind == .removed }.map(\.text)) == ["      name: Garden"])
        #expect(written.contains("      name: Back garden\n"))
        #expect(written.contains("      temperature_unit: °C\n    shellies/shellyht-1A2B3C:\n      role: room\n    \"#kitchen: left\":\n      name: Kitchen\n"), "\(written)")
        let configuration = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.sensors.profiles.map(\.match).suffix(2) == ["shellies/shellyht-1A2B3C", "#kitchen: left"])
    }

    @Test("a layout replaces the layout's lines only, or is added as a block where the file has none")
    func layoutBlocks() throws {
        let example = try exampleText()
        fixture.write(example)
        let placements = LayoutPreset.weatherAndSensors.placements(for: PixelSize(width: 800, height: 480))
        let change = try file().change([ConfigEdit(["layout"], .placements(placements))], check: check)
        #expect(change.commentsKept)
        let written = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        let difference = LineChange.between(example, written)
        #expect(difference.filter { $0.kind == .removed }.allSatisfy { $0.line >= 171 && $0.line <= 179 }, "\(difference)")
        #expect(written.contains("# Default without a layout: one weather widget filling the panel.\nlayout:\n  - kind: weather\n"))
        #expect(written.contains("width: 267, height: 480 }\n\n# -----"), "the blank line and the next section's comment stay")
        let configuration = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.layout.placements == placements)

        fixture.write("provider:\n  source: demo\n")
        let alone = LayoutPreset.weather.placements(for: PixelSize(width: 400, height: 300))
        _ = try file().change([ConfigEdit(["layout"], .placements(alone))], check: check)
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8)
            == "provider:\n  source: demo\nlayout:\n  - kind: weather\n    family: large\n    region: { x: 0, y: 0, width: 400, height: 300 }\n")

        let history = WidgetPlacement(
            kind: "history", family: .large, id: "history-large-1", region: PixelRect(x: 0, y: 0, width: 400, height: 300),
            parameters: WidgetParameters(["sensors": .names(["Garden", "Shed: north"]), "humidity": .flag(true)]))
        _ = try file().change([ConfigEdit(["layout"], .placements([history]))], check: check)
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8).hasSuffix(
            "    humidity: true\n    sensors:\n      - Garden\n      - \"Shed: north\"\n"))
        #expect(try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all).layout.placements == [history])
    }

    @Test("a section taken out whole: its key and block go, the comments around it stay")
    func sectionRemoved() throws {
        fixture.write("mqtt:\n  host: broker.local\n  # TLS to the broker\n  tls:\n    ca_file: /etc/ssl/ca.pem\n    # client\n    cert_file: /etc/c.pem\n    key_file: /etc/k.pem\n  port: 8883   # mine\n")
        let change = try file().change([ConfigEdit(["mqtt", "tls"], .removed), ConfigEdit(["mqtt", "port"], .integer(1883))], check: check)
        #expect(change.commentsKept)
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8) == "mqtt:\n  host: broker.local\n  # TLS to the broker\n  port: 1883   # mine\n")
    }

    @Test("a list item chosen by its id: a key set in it, a new item added at the end, an item taken out; comments kept")
    func listItems() throws {
        fixture.write("""
            provider:
              source: demo
            # my screens
            displays:
              - id: kitchen   # by the fridge
                kind: trmnl
                width: 800
              - id: hall
                kind: image
                # small one
                width: 296
                height: 128
            http:
              port: 2300

            """)
        let change = try file().change([
            ConfigEdit(["displays", ConfigEdit.item(id: "kitchen"), "rotation"], .integer(90)),
            ConfigEdit(["displays", ConfigEdit.item(id: "hall"), "width"], .integer(400)),
            ConfigEdit(["displays", ConfigEdit.item(id: "den"), "kind"], .text("image")),
            ConfigEdit(["displays", ConfigEdit.item(id: "den"), "width"], .integer(250)),
        ], check: check)
        #expect(change.commentsKept)
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8) == """
            provider:
              source: demo
            # my screens
            displays:
              - id: kitchen   # by the fridge
                kind: trmnl
                width: 800
                rotation: 90
              - id: hall
                kind: image
                # small one
                width: 400
                height: 128
              - id: den
                kind: image
                width: 250
            http:
              port: 2300

            """)
        #expect(ConfigEdit(["displays", ConfigEdit.item(id: "den"), "width"], .integer(1)).keyPathText == "displays[id=den].width")

        let removed = try file().change([ConfigEdit(["displays", ConfigEdit.item(id: "hall")], .removed)], check: check)
        #expect(removed.commentsKept)
        let text = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        #expect(!text.contains("hall") && !text.contains("small one") && text.contains("  - id: den\n    kind: image\n"), "\(text)")

        fixture.write("provider:\n  source: demo\n")
        _ = try file().change([ConfigEdit(["displays", ConfigEdit.item(id: "den"), "kind"], .text("image"))], check: check)
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8) == "provider:\n  source: demo\ndisplays:\n  - id: den\n    kind: image\n")
    }

    @Test("keys added where they belong: an empty section, a missing section, a missing file")
    func insertions() throws {
        fixture.write("# mine\nprovider:\n  source: demo   # keep this\n\nmqtt:\n# a comment after the empty section\n")
        _ = try file().change([ConfigEdit(["mqtt", "host"], .text("broker.local")), ConfigEdit(["display", "language"], .text("fr"))], check: check)
        let written = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        #expect(written == "# mine\nprovider:\n  source: demo   # keep this\n\nmqtt:\n  host: broker.local\n# a comment after the empty section\ndisplay:\n  language: fr\n")

        let missing = ConfigFixture()
        let created = try ConfigFile(path: missing.configFile).change([ConfigEdit(["display", "clock"], .text("12h"))]) {
            HubConfiguration.reading($0, paths: missing.paths, environment: [:], catalog: Catalog.all).problems
        }
        #expect(created.changed && created.commentsKept)
        let text = try String(contentsOfFile: missing.configFile, encoding: .utf8)
        #expect(text.hasPrefix("# WeatherHub's default configuration"))
        #expect(text.hasSuffix("display:\n  clock: 12h"))
        #expect(!FileManager.default.fileExists(atPath: ConfigFile(path: missing.configFile).previousPath))
    }

    @Test("quoted, commented and empty values are replaced in place; text that needs quotes gets them")
    func valuesInPlace() throws {
        fixture.write("provider:\n  source: demo\n  city: 'Paris, FR' # home\n  language:\n")
        _ = try file().change(
            [ConfigEdit(["provider", "city"], .text("St. John's: #1")), ConfigEdit(["provider", "language"], .text("de"))], check: check)
        let written = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        #expect(written == "provider:\n  source: demo\n  city: \"St. John's: #1\" # home\n  language: de\n")
        let configuration = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.provider.defaultCity.name == "St. John's: #1")
    }

    @Test("a section in flow style is written anew: the comments are lost, the file says so, the previous keeps them")
    func flowFallsBack() throws {
        fixture.write("# my notes\ndisplay: { clock: 24h }\n")
        let change = try file().change([ConfigEdit(["display", "language"], .text("sv"))], check: check)
        #expect(change.changed && !change.commentsKept)
        let written = try String(contentsOfFile: fixture.configFile, encoding: .utf8)
        #expect(written.hasPrefix("# Written by WeatherHub's settings"))
        #expect(!written.contains("my notes"))
        #expect(try String(contentsOfFile: file().previousPath, encoding: .utf8).contains("my notes"))
        let configuration = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(configuration.display.language == .swedish && configuration.display.clock == .twentyFourHour)
    }

    @Test("a change with a problem, or into a value that is not a section, writes nothing")
    func refusals() throws {
        let original = "panel: none\ndisplays:\n  - id: hall\n    kind: image\n"
        fixture.write(original)
        let notSection = #expect(throws: ConfigEditRefusal.self) {
            try file().change([ConfigEdit(["panel", "rotation"], .integer(90))], check: check)
        }
        #expect(notSection?.reason == .notEditable)
        #expect(notSection?.message == "`panel` is not a section of `key: value` lines, so `rotation` cannot be set in it")

        let problem = #expect(throws: ConfigEditRefusal.self) {
            try file().change([ConfigEdit(["display", "language"], .text("klingon"))], check: check)
        }
        guard case .problems(let problems)? = problem?.reason else {
            Issue.record("expected problems, got \(String(describing: problem))")
            return
        }
        #expect(problems.map(\.keyPath) == ["display.language"])
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: file().previousPath))
    }

    @Test("a file changed on disk since it was read is not overwritten: the refusal carries the difference")
    func changedOnDisk() throws {
        fixture.write("display:\n  clock: 24h\n")
        let seen = try file().read()
        fixture.write("display:\n  clock: 12h\n")
        let refusal = #expect(throws: ConfigEditRefusal.self) {
            try file().change([ConfigEdit(["display", "language"], .text("de"))], basedOn: seen, check: check)
        }
        #expect(refusal?.reason == .changedOnDisk(difference: [
            LineChange(kind: .removed, line: 2, text: "  clock: 24h"), LineChange(kind: .added, line: 2, text: "  clock: 12h"),
        ]))
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8) == "display:\n  clock: 12h\n")
        let again = try file().change([ConfigEdit(["display", "language"], .text("de"))], basedOn: try file().read(), check: check)
        #expect(again.changed)
    }

    @Test("removing a key the file does not have changes nothing, comments included")
    func removingMissingKey() throws {
        let original = "# mine\nprovider:\n  source: demo   # keep\n"
        fixture.write(original)
        let change = try file().change([ConfigEdit(["display", "clock"], .removed)], check: check)
        #expect(!change.changed && change.commentsKept)
        #expect(try String(contentsOfFile: fixture.configFile, encoding: .utf8) == original)
    }

    @Test("the mode is kept, and an unchanged value writes nothing")
    func modeAndNoOp() throws {
        fixture.write("display:\n  clock: 24h\n", mode: 0o600)
        let same = try file().change([ConfigEdit(["display", "clock"], .text("24h"))], check: check)
        #expect(!same.changed)
        #expect(!FileManager.default.fileExists(atPath: file().previousPath))
        _ = try file().change([ConfigEdit(["display", "clock"], .text("12h"))], check: check)
        var info = stat()
        #expect(stat(fixture.configFile, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(file().previousPath, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
}
