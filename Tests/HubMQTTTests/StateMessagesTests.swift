import Foundation
import HubConfig
@testable import HubMQTT
import HubSystem
import Sensors
import Testing
import WeatherInfoKit

/// The state payloads: `{"value": …, "attributes": {…}}` per entity, plain text for the city and the
/// day, everything in one document, and equal facts giving equal bytes.
@Suite("State messages")
struct StateMessagesTests {
    let messages = StateMessages(topics: HubTopics(base: "weatherhub"))
    let observed = Date(timeIntervalSince1970: 1_749_895_200)

    private func facts(temperature: Double? = 12.3, wiredPanel: Bool = true) -> HubFacts {
        HubFacts(
            outdoor: temperature.map {
                [.temperature: HubFacts.Measurement(value: $0, source: "Garden", fromSensor: true, observedAt: observed, ageSeconds: 42)]
            } ?? [:],
            condition: HubFacts.Condition(text: "light rain", code: 500, observedAt: observed), pressureTrend: nil,
            providerCalls: [HubFacts.ProviderCalls(provider: .openWeatherMap, callsToday: 12, dailyLimit: 1000)],
            panel: wiredPanel ? HubFacts.Panel(lastRefresh: observed, refreshesSinceFull: 3) : nil, problems: ["panel: BUSY stuck"],
            city: "Zürich, CH",
            forecastDay: 2)
    }

    private func json(_ bytes: [UInt8]?) throws -> [String: Any] {
        let payload = try #require(bytes)
        let object = try JSONSerialization.jsonObject(with: Data(payload))
        return try #require(object as? [String: Any])
    }

    @Test("each entity's value and attributes")
    func entities() throws {
        let all = messages.messages(for: facts())
        let temperature = try json(all["weatherhub/outdoor/temperature"])
        #expect(temperature["value"] as? Double == 12.3)
        let attributes = try #require(temperature["attributes"] as? [String: Any])
        #expect(attributes["source"] as? String == "Garden" && attributes["from_sensor"] as? Bool == true)
        #expect(attributes["observed_at"] as? String == CivilTime.iso8601(observed) && attributes["age_seconds"] as? Int == 42)
        let humidity = try json(all["weatherhub/outdoor/humidity"])
        #expect(humidity["value"] is NSNull)
        #expect(try json(all["weatherhub/problem"])["value"] as? String == "ON")
        #expect(try json(all["weatherhub/provider/openweathermap/calls_today"])["value"] as? Int == 12)
        #expect(all["weatherhub/city"] == Array("Zürich, CH".utf8))
        #expect(all["weatherhub/forecast_day"] == Array("2".utf8))
        let state = try json(all["weatherhub/state"])
        #expect(state["city"] as? String == "Zürich, CH" && state["problems"] as? [String] == ["panel: BUSY stuck"])
        #expect(((state["outdoor"] as? [String: Any])?["temperature"] as? [String: Any])?["value"] as? Double == 12.3)
    }

    @Test("equal facts give equal bytes; a changed value changes only its topics")
    func stability() {
        #expect(messages.messages(for: facts()) == messages.messages(for: facts()))
        let before = messages.messages(for: facts())
        let after = messages.messages(for: facts(temperature: 12.4))
        #expect(Set(before.keys.filter { before[$0] != after[$0] }) == ["weatherhub/outdoor/temperature", "weatherhub/state"])
    }

    @Test("without a wired panel (`panel: none`) no panel topic, field or entity exists")
    func noWiredPanel() throws {
        let all = messages.messages(for: facts(wiredPanel: false))
        #expect(all["weatherhub/panel/last_refresh"] == nil && all["weatherhub/panel/refreshes_since_full"] == nil)
        #expect(try json(all["weatherhub/state"])["panel"] == nil)
        #expect(try json(messages.messages(for: facts())["weatherhub/state"])["panel"] != nil)
        let features = HubFeatures(wiredPanel: false)
        let entities = HomeAssistantCatalog.entities(features: features)
        #expect(!entities.contains(.panelImage) && !entities.contains(.panelLastRefresh) && !entities.contains(.panelRefreshesSinceFull))
        #expect(entities.contains(.problem) && entities.contains(.city))
        let published = HubTopics(base: "weatherhub").published(features: features)
        #expect(!published.contains("weatherhub/panel/image") && published.contains("weatherhub/problem"))
    }
}
