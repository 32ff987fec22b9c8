import EPaper
@testable import HubConfig
import Testing
import WeatherInfoKit

@Suite("WEATHERHUB_SECTION__KEY variables override the file")
struct EnvironmentOverridesTests {
    @Test("a variable replaces a key written in the file and adds one that is not")
    func override() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load(
            "provider:\n  units: metric\n",
            environment: ["WEATHERHUB_PROVIDER__UNITS": "imperial", "WEATHERHUB_PANEL__REFRESH__MINIMUM_INTERVAL": "10m"])
        #expect(configuration.provider.openWeatherMap.units == .imperial)
        #expect(configuration.panel.refresh.minimumInterval == .seconds(600))
    }

    @Test("overrides apply on top of the embedded default too")
    func overrideDefault() throws {
        let fixture = ConfigFixture()
        let configuration = try HubConfiguration.load(
            paths: fixture.paths, environment: ["WEATHERHUB_PROVIDER__SOURCE": "openweathermap"], catalog: Catalog.all)
        #expect(configuration.provider.source == .openWeatherMap)
    }

    @Test("a bad value from a variable names the variable")
    func badOverride() throws {
        let fixture = ConfigFixture()
        let problems = fixture.problems("{}", environment: ["WEATHERHUB_LOGGING__LEVEL": "chatty"])
        let problem = try #require(problems.first)
        #expect(problem.source == "environment variable WEATHERHUB_LOGGING__LEVEL")
        #expect(problem.line == nil)
        #expect(problem.keyPath == "logging.level")
    }

    @Test("an unknown key from a variable is reported like one in the file")
    func unknownOverride() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("{}", environment: ["WEATHERHUB_MQTT__HOTS": "broker"])
        #expect(problems.map(\.keyPath) == ["mqtt.hots"])
        #expect(problems.first?.suggestion == "did you mean `host`?")
        #expect(problems.first?.source == "environment variable WEATHERHUB_MQTT__HOTS")
    }

    @Test("variables without `__` (WEATHERHUB_CONFIG, WEATHERHUB_STATE_DIR) are not overrides")
    func notOverrides() {
        let fixture = ConfigFixture()
        #expect(fixture.problems("{}", environment: ["WEATHERHUB_CONFIG": "/x", "WEATHERHUB_STATE_DIR": "/y"]).isEmpty)
    }

    @Test("a key given inline in the environment is not refused for the file's mode")
    func inlineKeyFromEnvironment() {
        let fixture = ConfigFixture()
        let problems = fixture.problems("{}", environment: ["WEATHERHUB_PROVIDER__API_KEY": "0123456789abcdef0123456789abcdef"], mode: 0o644)
        #expect(problems.isEmpty)
    }

    @Test("a key given inline in the environment is reported as coming from that variable")
    func inlineKeyOrigin() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("{}", environment: ["WEATHERHUB_PROVIDER__API_KEY": "0123456789abcdef0123456789abcdef"])
        let found = try #require(try configuration.provider.apiKeySource(environment: [:]).load())
        #expect(found.origin == "environment variable WEATHERHUB_PROVIDER__API_KEY")
    }
}
