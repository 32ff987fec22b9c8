import Foundation
import HubActions
import HubConfig
@testable import HubMQTT
import HubSystem
import MQTTConnection
import Sensors
import Testing
import WeatherInfoKit
import WeatherWidgets

/// Every entity the hub announces, with no weather data and with data, through what each Home Assistant
/// release checked does with its discovery config and state payload (`HomeAssistantStateRules`), and the
/// minimum docs/home-assistant.md states: the first release checked that reads everything right.
@Suite("Home Assistant versions")
struct HomeAssistantVersionsTests {
    typealias Release = HomeAssistantStateRules.Release
    typealias Shown = HomeAssistantStateRules.Shown

    let topics = HubTopics(base: "weatherhub")
    let features = HubFeatures(forecastDay: true, countedProviders: [.openWeatherMap, .openMeteo], wiredPanel: true)
    let observed = Date(timeIntervalSince1970: 1_749_895_200)

    /// A fresh start: no weather yet, no panel refresh yet, no city command.
    var noData: HubFacts {
        HubFacts(
            outdoor: [:], condition: nil, pressureTrend: nil,
            providerCalls: [HubFacts.ProviderCalls(provider: .openWeatherMap, callsToday: 0, dailyLimit: 1000)],
            panel: HubFacts.Panel(lastRefresh: nil, refreshesSinceFull: 0), problems: ["no weather data yet"], city: "Lyon, FR",
            forecastDay: 0)
    }

    var withData: HubFacts {
        let measurement = { (value: Double) in
            HubFacts.Measurement(value: value, source: "Garden", fromSensor: true, observedAt: observed, ageSeconds: 42)
        }
        return HubFacts(
            outdoor: [.temperature: measurement(3.4), .humidity: measurement(81), .pressure: measurement(1013)],
            condition: HubFacts.Condition(text: "light rain", code: 500, observedAt: observed),
            pressureTrend: HubFacts.Trend(
                trend: PressureTrend(change: -1.6, window: .seconds(3 * 3600), source: .provider), observedAt: observed),
            providerCalls: [
                HubFacts.ProviderCalls(provider: .openWeatherMap, callsToday: 52, dailyLimit: 1000),
                HubFacts.ProviderCalls(provider: .openMeteo, callsToday: 3, dailyLimit: 10_000),
            ],
            panel: HubFacts.Panel(lastRefresh: observed, refreshesSinceFull: 2), problems: [], city: "Lyon, FR", forecastDay: 2)
    }

    /// Each announced entity's config and the state payload it reads (nil: nothing published yet).
    private func entities(_ facts: HubFacts, cityResult: CityCommandResult? = nil) -> [(HomeAssistantEntity, [String: JSONValue], [UInt8]?)] {
        let discovery = DiscoveryConfig(settings: HomeAssistantSettings(), topics: topics, broker: BrokerSettings())
        var states = StateMessages(topics: topics).messages(for: facts)
        if let cityResult { states[topics.cityResult] = cityResult.payload.bytes }
        return HomeAssistantCatalog.entities(features: features).map { entity in
            guard case .object(let config) = discovery.payload(for: entity) else { return (entity, [:], nil) }
            let topic: String? = if case .string(let topic)? = config["state_topic"] { topic } else { nil }
            return (entity, config, topic.flatMap { states[$0] })
        }
    }

    /// A payload saying the value is missing: `{"value": null, …}`.
    private static func isMissing(_ payload: [UInt8]) -> Bool {
        guard case .object(let document)? = try? JSONDecoder().decode(JSONValue.self, from: Data(payload)) else { return false }
        return document["value"] == .null
    }

    /// What `release` shows for one sensor or binary sensor; nil for the other platforms.
    private func outcome(_ entity: HomeAssistantEntity, _ config: [String: JSONValue], _ payload: [UInt8], _ release: Release) throws
        -> HomeAssistantStateRules.Outcome?
    {
        switch entity.component {
        case .sensor: try HomeAssistantStateRules.sensor(config, payload: payload, release: release)
        case .binarySensor: try HomeAssistantStateRules.binarySensor(config, payload: payload, release: release)
        case .text, .select, .button, .image: nil
        }
    }

    /// The entities `release` shows wrongly, in words: a missing value not unknown, a value not shown,
    /// a warning logged, options dropped. Empty when the release reads the hub right.
    private func problems(on release: Release) throws -> [String] {
        var problems: [String] = []
        for (entity, config, payload) in entities(noData) {
            guard let payload, Self.isMissing(payload), let outcome = try outcome(entity, config, payload, release) else { continue }
            // Published after a value, "unchanged" would keep the old value: only unknown is right.
            if outcome.shown != .unknown { problems.append("\(entity.objectID) with no data shows \(outcome.shown)") }
            if outcome.warns { problems.append("\(entity.objectID) with no data logs a warning") }
        }
        let result = CityCommandResult(request: "", refusal: .emptyName)
        for (entity, config, payload) in entities(withData, cityResult: result) {
            // The select's `options` exist since 2021.7; the sensor's are the ones that came late.
            if entity.component == .sensor, config["options"] != nil, HomeAssistantStateRules.effectiveOptions(config, release: release) == nil {
                problems.append("\(entity.objectID) loses its options")
            }
            if entity.component == .sensor || entity.component == .binarySensor, payload == nil {
                problems.append("\(entity.objectID) has no state with data")
            }
            guard let payload, let outcome = try outcome(entity, config, payload, release) else { continue }
            guard case .value(let text) = outcome.shown, text != "None", !outcome.warns else {
                problems.append("\(entity.objectID) with data shows \(outcome.shown)")
                continue
            }
            if let options = HomeAssistantStateRules.effectiveOptions(config, release: release), !options.contains(text) {
                problems.append("\(entity.objectID) shows \(text), not one of its options")
            }
        }
        return problems
    }

    @Test("what each release checked shows wrongly, as its source says")
    func releases() throws {
        let old = [
            "condition with no data shows \"None\"", "pressure_trend with no data shows \"None\"",
            "panel_last_refresh with no data logs a warning", "pressure_trend loses its options",
        ]
        #expect(try problems(on: Release(year: 2023, month: 7)) == old)
        #expect(try problems(on: Release(year: 2024, month: 3)) == old)
        #expect(try problems(on: Release(year: 2024, month: 8)) == old)
        #expect(try problems(on: Release(year: 2024, month: 9)) == [
            "condition with no data shows \"None\"", "pressure_trend with no data shows unchanged",
            "pressure_trend with no data logs a warning", "panel_last_refresh with no data logs a warning",
        ])
        #expect(try problems(on: Release(year: 2024, month: 10)) == [])
        #expect(try problems(on: Release(year: 2025, month: 4)) == [])
    }

    @Test("docs/home-assistant.md states the first release checked that reads every entity right, and every later one does")
    func documentedMinimum() throws {
        let docs = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../docs/home-assistant.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let claim = try #require(
            text.firstMatch(of: /needs \*\*Home Assistant (\d{4})\.(\d{1,2}) or later\*\*/),
            "docs/home-assistant.md states no minimum Home Assistant release")
        let minimum = try Release(year: #require(Int(claim.1)), month: #require(Int(claim.2)))
        let right = try HomeAssistantStateRules.checked.filter { try problems(on: $0).isEmpty }
        #expect(right.first == minimum)
        for release in HomeAssistantStateRules.checked where release >= minimum {
            #expect(try problems(on: release) == [], "Home Assistant \(release)")
        }
    }

    @Test("a missing value reads unknown, and a value reads as itself, on the minimum release")
    func everyEntity() throws {
        let release = Release(year: 2024, month: 10)
        var checked: Set<String> = []
        for (entity, config, payload) in entities(noData) {
            guard let payload, Self.isMissing(payload), let outcome = try outcome(entity, config, payload, release) else { continue }
            checked.insert(entity.objectID)
            #expect(outcome == HomeAssistantStateRules.Outcome(shown: .unknown), "\(entity.objectID)")
        }
        // Provider calls, refreshes and the problem always have a value; a city result only after a command.
        #expect(checked == ["outdoor_temperature", "outdoor_humidity", "outdoor_pressure", "condition", "pressure_trend", "panel_last_refresh"])
        let shown = try Dictionary(uniqueKeysWithValues: entities(withData, cityResult: CityCommandResult(request: "", refusal: .emptyName))
            .compactMap { entity, config, payload in
                try payload.flatMap { try outcome(entity, config, $0, release) }.map { (entity.objectID, $0.shown) }
            })
        #expect(shown["outdoor_temperature"] == .value("3.4") && shown["outdoor_pressure"] == .value("1013"))
        #expect(shown["condition"] == .value("light rain") && shown["pressure_trend"] == .value("falling"))
        #expect(shown["panel_last_refresh"] == .value(CivilTime.iso8601(observed)) && shown["city_change"] == .value("refused"))
        #expect(shown["open_meteo_calls_today"] == .value("3") && shown["problem"] == .value("off"))
    }
}
