import HubAssembly
import HubSystem
@testable import HubConfig
import Logging
import Testing
import WeatherInfoKit
import WeatherWidgets

/// `provider.source`, `provider.fallback` and `provider.open_meteo`: what they build, and the problems
/// they are refused with.
@Suite("Weather provider, fallback and Open-Meteo settings")
struct ProviderSourceTests {
    private let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("`source: open-meteo` builds an Open-Meteo service with its URLs, limit and interval, the provider's units and pauses")
    func openMeteo() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("""
            provider:
              source: open-meteo
              units: imperial
              language: de
              retry_delay: 2m
              open_meteo:
                forecast_url: http://127.0.0.1:9000/
                geocoding_url: http://localhost:9001
                daily_call_limit: 2_000
                min_interval: 30m
            """)
        let provider = configuration.provider
        #expect(provider.source == .openMeteo)
        #expect(provider.fallback == .none)
        #expect(provider.openMeteo == OpenMeteoConfiguration(
            forecastURL: "http://127.0.0.1:9000", geocodingURL: "http://localhost:9001", units: .imperial, language: "de", dailyCallLimit: 2000))
        #expect(provider.openMeteoCallPolicy == CallPolicy(minimumInterval: .seconds(1800), firstRetryDelay: .seconds(120)))
        let source = try #require(configuration.makeWeatherSource(environment: [:], logger: logger) as? WeatherService)
        #expect(source.provider == .openMeteo)
        #expect(source.callPolicy.minimumInterval == .seconds(1800))
    }

    @Test("Open-Meteo's defaults: its public HTTPS URLs, 5000 calls a day, 15 minutes, no fallback")
    func defaults() throws {
        let provider = try ConfigFixture().load("provider:\n  source: open-meteo\n").provider
        // The providers speak the panel's language, English by default.
        #expect(provider.openMeteo == OpenMeteoConfiguration(language: "en"))
        #expect(provider.openMeteo.forecastURL == "https://api.open-meteo.com")
        #expect(provider.openMeteo.geocodingURL == "https://geocoding-api.open-meteo.com")
        #expect(provider.openMeteo.dailyCallLimit == 5000)
        #expect(provider.openMeteoCallPolicy.minimumInterval == .seconds(900))
    }

    @Test("`fallback: open-meteo` lets Open-Meteo stand in for OpenWeatherMap, each with its own cache directory")
    func fallback() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("provider:\n  source: openweathermap\n  fallback: open-meteo\n")
        #expect(configuration.provider.fallback == .openMeteo)
        let source = try #require(configuration.makeWeatherSource(environment: [:], logger: logger) as? FallbackWeatherSource)
        #expect((source.primary as? WeatherService)?.provider == .openWeatherMap)
        #expect((source.secondary as? WeatherService)?.provider == .openMeteo)
        #expect(configuration.paths.openMeteoCacheDirectory == fixture.directory + "/state/weather/open-meteo")
        #expect(configuration.paths.weatherCacheDirectory == fixture.directory + "/state/weather")
    }

    @Test("`demo: true` still picks the demo source, as `source: demo` does; written together they agree", arguments: [
        "provider:\n  demo: true\n", "provider:\n  source: demo\n", "provider:\n  source: demo\n  demo: true\n",
    ])
    func demo(text: String) throws {
        let configuration = try ConfigFixture().load(text)
        #expect(configuration.provider.source == .demo)
        let demo = try #require(configuration.makeWeatherSource(environment: [:], logger: logger) as? DemoWeatherSource)
        // The demo's places keep the hub's clock, so the weather and the sensors show one time.
        #expect(demo.timeZone == TimeZoneRules.current)
    }

    @Test("a preview's language is read as display.language: the demo describes the weather in it unless provider.language says otherwise")
    func previewLanguage() throws {
        let fixture = ConfigFixture()
        fixture.write("provider:\n  source: demo\n")
        let german = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all, displayLanguage: .german)
        #expect(german.display.language == .german)
        #expect(german.provider.openMeteo.language == "de")
        let demo = try #require(german.makeWeatherSource(environment: [:], logger: logger) as? DemoWeatherSource)
        #expect(demo.language == "de")
        fixture.write("provider:\n  source: demo\n  language: fr\n")
        let configured = try HubConfiguration.load(paths: fixture.paths, environment: [:], catalog: Catalog.all, displayLanguage: .german)
        #expect((configured.makeWeatherSource(environment: [:], logger: logger) as? DemoWeatherSource)?.language == "fr")
    }

    @Test(
        "conflicts and bad values are refused with the key, what was wrong and a suggestion",
        arguments: [
            ("provider:\n  demo: true\n  source: open-meteo\n", "provider.demo", "`demo: true` conflicts with `source: open-meteo`",
             "remove `demo`: `source:` replaces it (`demo: true` is `source: demo`)"),
            ("provider:\n  demo: false\n  source: demo\n", "provider.demo", "`demo: false` conflicts with `source: demo`",
             "remove `demo`: `source:` replaces it (`demo: true` is `source: demo`)"),
            ("provider:\n  source: openmeteo\n", "provider.source",
             "expected one of demo, openweathermap, open-meteo, found \"openmeteo\"", "did you mean `open-meteo`?"),
            ("provider:\n  source: open-meteo\n  fallback: open-meteo\n", "provider.fallback",
             "`fallback: open-meteo` with `source: open-meteo`: Open-Meteo cannot stand in for itself",
             "set `source: openweathermap`, or `fallback: none`"),
            ("provider:\n  source: demo\n  fallback: open-meteo\n", "provider.fallback",
             "`fallback: open-meteo` with `source: demo`: the demo data never fail, so nothing would stand in for them",
             "set `source: openweathermap`, or `fallback: none`"),
            ("provider:\n  fallback: openmeteo\n", "provider.fallback", "expected one of none, open-meteo, found \"openmeteo\"",
             "did you mean `open-meteo`?"),
            ("provider:\n  open_meteo:\n    daily_call_limit: 10000\n", "provider.open_meteo.daily_call_limit",
             "expected a whole number from 1 to 9999, under the free API's 10000 calls a day, found \"10000\"",
             "e.g. `5000`; more needs Open-Meteo's paid API"),
            ("provider:\n  open_meteo:\n    forecast_url: http://open-meteo.lan\n", "provider.open_meteo.forecast_url",
             "expected \(ProviderURL.expected), found \"http://open-meteo.lan\"", "e.g. `https://api.open-meteo.com`"),
            ("provider:\n  base_url: http://proxy.lan:8080\n", "provider.base_url",
             "expected \(ProviderURL.expected), found \"http://proxy.lan:8080\"", "e.g. `https://api.openweathermap.org`"),
            ("provider:\n  open_meteo:\n    forcast_url: https://api.open-meteo.com\n", "provider.open_meteo.forcast_url", "unknown key",
             "did you mean `forecast_url`?"),
            ("provider:\n  timeout: 25s\n", "provider.timeout",
             "25s does not fit within `widgets.provider_timeout` (30s): the widgets would give up first and show no fault",
             "at most 24s, or raise `widgets.provider_timeout`"),
            ("provider:\n  fallback: open-meteo\n  timeout: 15s\n", "provider.timeout",
             "15s does not fit with the fallback's as long within `widgets.provider_timeout` (30s): the widgets would give up first and show no fault",
             "at most 12s, or raise `widgets.provider_timeout`"),
        ])
    func problems(text: String, keyPath: String, message: String, suggestion: String) throws {
        let problems = ConfigFixture().problems(text)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.keyPath == keyPath)
        #expect(problem.message == message)
        #expect(problem.suggestion == suggestion)
    }

    @Test("`provider.timeout` bounds a refresh of either provider: 12 s, or what fits in a shorter widget timeout", arguments: [
        ("", Duration.seconds(12)), ("  fallback: open-meteo\n", .seconds(12)), ("  timeout: 5s\n", .seconds(5)),
        ("widgets:\n  provider_timeout: 10s\n", .seconds(8)), ("  fallback: open-meteo\nwidgets:\n  provider_timeout: 4s\n", .milliseconds(1600)),
    ])
    func refreshTimeout(text: String, expected: Duration) throws {
        let configuration = try ConfigFixture().load("provider:\n  city: Lyon\n" + text)
        #expect(configuration.provider.callPolicy.refreshTimeout == expected)
        #expect(configuration.provider.openMeteoCallPolicy.refreshTimeout == expected)
    }

    @Test("Open-Meteo asks at least every 5 minutes apart")
    func minimumIntervalFloor() {
        let problems = ConfigFixture().problems("provider:\n  open_meteo:\n    min_interval: 1m\n")
        #expect(problems.map(\.keyPath) == ["provider.open_meteo.min_interval"])
    }
}
