@testable import HubConfig
import Testing

@Suite("Bad configuration is reported with file, line, key and a suggestion")
struct ProblemsTests {
    @Test("an unknown key names its line and the key it probably meant")
    func unknownKey() throws {
        let fixture = ConfigFixture()
        let problems = fixture.problems("""
            provider:
              demo: true
              langauge: de
            """)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.source == fixture.configFile)
        #expect(problem.line == 3 && problem.column == 3)
        #expect(problem.keyPath == "provider.langauge")
        #expect(problem.message == "unknown key")
        #expect(problem.suggestion == "did you mean `language`?")
        #expect(problem.description == "\(fixture.configFile):3:3: provider.langauge: unknown key (did you mean `language`?)")
    }

    @Test("an unknown section is reported like an unknown key")
    func unknownSection() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("pannel:\n  model: simulated\n")
        #expect(problems.map(\.keyPath) == ["pannel"])
        #expect(problems.first?.suggestion == "did you mean `panel`?")
    }

    @Test("a wrong type says what was expected and what was found")
    func wrongType() throws {
        let fixture = ConfigFixture()
        let problems = fixture.problems("""
            mqtt:
              port: [1883]
            widgets:
              reload_budget: lots
            """)
        #expect(problems.map(\.keyPath) == ["mqtt.port", "widgets.reload_budget"])
        #expect(problems.map(\.line) == [2, 4])
        #expect(problems[0].message == "expected a whole number from 1 to 65535, found a list")
        #expect(problems[1].message == "expected a whole number from 1 to 1440, found \"lots\"")
    }

    @Test("a bad value gets a suggestion: near-miss choices, durations, quiet hours, rotation")
    func badValues() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("""
            provider:
              units: metrik
            panel:
              model: waveshare-2in13-v3
              rotation: 45
              refresh:
                minimum_interval: 3 minutes
                quiet_hours: 25:00-06:00
            """)
        #expect(problems.map(\.keyPath) == [
            "provider.units", "panel.model", "panel.rotation", "panel.refresh.minimum_interval", "panel.refresh.quiet_hours",
        ])
        #expect(problems.map(\.line) == [2, 4, 5, 7, 8])
        #expect(problems[0].suggestion == "did you mean `metric`?")
        #expect(problems[1].suggestion == "did you mean `waveshare-2in13-v4`?")
        #expect(problems[2].message == "expected 0, 90, 180 or 270, found \"45\"")
        #expect(problems[3].message == "expected a duration like 90s, 5m or 1h30m, found \"3 minutes\"")
        #expect(problems[4].message == "expected a span like 23:00-06:30 (24-hour clock), found \"25:00-06:00\"")
    }

    @Test("a misspelt three-colour panel gets the closest model, and the message names every model")
    func threeColourPanelNames() throws {
        let fixture = ConfigFixture()
        for (typed, meant) in [("waveshare-2in13b-v3", "waveshare-2in13b-v4"), ("waveshare-7in5-b-v2", "waveshare-7in5b-v2"),
                               ("waveshare-4in2b_v2", "waveshare-4in2b-v2"), ("Waveshare-2in9B-V4", "waveshare-2in9b-v4")] {
            let problem = try #require(fixture.problems("panel:\n  model: \(typed)\n").first)
            #expect(problem.keyPath == "panel.model")
            #expect(problem.suggestion == "did you mean `\(meant)`?")
            #expect(problem.message.contains("waveshare-2in13b-v4, waveshare-2in9b-v4, waveshare-4in2b-v2, waveshare-7in5b-v2, simulated"))
        }
    }

    @Test("every problem is reported, not only the first")
    func everyProblem() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("""
            provider:
              demo: maybe
            display:
              clock: 13h
            logging:
              level: loud
              colour: true
            """)
        #expect(problems.map(\.keyPath) == ["provider.demo", "display.clock", "logging.level", "logging.colour"])
    }

    @Test("malformed YAML is located")
    func malformedYAML() throws {
        let fixture = ConfigFixture()
        let problems = fixture.problems("provider:\n  demo: true\n   city: Lyon\n")
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.line == 3)
        #expect(problem.message.hasPrefix("not valid YAML"))
        #expect(problem.suggestion?.contains("indentation") == true)
    }

    @Test("a key written twice is refused")
    func duplicateKey() throws {
        let fixture = ConfigFixture()
        let problems = fixture.problems("provider:\n  demo: true\n  demo: false\n")
        let problem = try #require(problems.first)
        #expect(problem.message.contains("`demo` appears twice"))
        #expect(problem.line == 2)
    }

    @Test("a file that is not sections is refused")
    func notAMapping() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("- provider\n- panel\n")
        #expect(problems.map(\.message) == ["the file must be sections of `key: value` lines"])
    }

    @Test("a layout that leaves the panel, overlaps or names an unknown kind is reported with the widget's line")
    func layoutThatDoesNotFit() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("""
            panel: { model: simulated, simulated: { width: 296, height: 128 } }
            layout:
              - kind: weather
                family: medium
                region: { x: 0, y: 0, width: 200, height: 128 }
              - kind: sensors
                family: small
                region: { x: 150, y: 0, width: 200, height: 128 }
              - kind: clock
                family: small
                region: { x: 0, y: 0, width: 10, height: 10 }
            """)
        #expect(problems.allSatisfy { $0.keyPath.hasPrefix("layout[") })
        #expect(problems.contains { $0.keyPath == "layout[2]" && $0.line == 6 && $0.message.contains("leaves the 296×128 panel") })
        #expect(problems.contains { $0.keyPath == "layout[2]" && $0.message.contains("overlaps widget 1") })
        #expect(problems.contains { $0.keyPath == "layout[3]" && $0.line == 9 && $0.message == "unknown widget kind `clock`" && $0.suggestion == "known kinds: weather, sensors, forecast, quote, history" })
    }

    @Test("a widget in a family its kind does not offer is reported")
    func unsupportedFamily() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("layout:\n  - kind: quote\n    family: large\n")
        #expect(problems.map(\.message) == ["`quote` does not come in family `large`"])
        #expect(problems.first?.suggestion == "use one of small, medium")
    }

    @Test("an inline API key in a file every user can read is refused with the fix")
    func worldReadableKey() throws {
        let fixture = ConfigFixture()
        let problems = fixture.problems("provider:\n  api_key: 0123456789abcdef0123456789abcdef\n", mode: 0o644)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.keyPath == "provider.api_key")
        #expect(problem.line == 2)
        #expect(problem.suggestion == "`sudo chmod 640 \(fixture.configFile)`, or remove `api_key` and store the key with `weatherctl key set`")
        #expect(fixture.problems("provider:\n  demo: true\n", mode: 0o644).isEmpty)
    }

    @Test("a malformed inline key is refused")
    func malformedKey() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("provider:\n  api_key: not a key\n")
        #expect(problems.map(\.keyPath) == ["provider.api_key"])
    }

    @Test("an unreadable password file or a relative path is reported with what to do")
    func files() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("""
            mqtt:
              username: hub
              password_file: \(fixture.directory)/missing
            panel:
              trace: panel.trace
            """)
        #expect(problems.map(\.keyPath) == ["mqtt.password_file", "panel.trace"])
        #expect(problems[0].message == "\(fixture.directory)/missing does not exist")
        #expect(problems[1].message == "must be an absolute path, found \"panel.trace\"")
    }

    @Test("an unreadable configuration file is a problem, not the default")
    func unreadableFile() {
        let fixture = ConfigFixture()
        let directory = fixture.makeDirectory("config.yaml")
        let check = HubConfiguration.check(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(check.problems.map(\.message) == ["cannot read the configuration: not a regular file"])
        #expect(directory == fixture.configFile)
    }

    @Test("load throws every problem; the error lists them one per line")
    func loadThrows() throws {
        let fixture = ConfigFixture()
        let error = try #require(throws: ConfigurationError.self) {
            try fixture.load("provider:\n  demo: maybe\nlogging:\n  level: loud\n")
        }
        #expect(error.problems.count == 2)
        #expect(error.description.hasPrefix("the configuration has 2 problems:\n  \(fixture.configFile):2:9: provider.demo:"))
    }

    @Test("an intake queue smaller than the largest message it must hold is refused with the size it needs")
    func queueSmallerThanAMessage() throws {
        let problems = ConfigFixture().problems("""
            sensors:
              limits:
                max_payload_bytes: 262144
                queue_bytes: 65536
            """)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.keyPath == "sensors.limits.queue_bytes" && problem.line == 4)
        #expect(problem.suggestion == "raise queue_bytes to at least 262400")
    }
}
