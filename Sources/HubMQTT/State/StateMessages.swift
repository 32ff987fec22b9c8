import HubSystem
import Sensors
import WeatherWidgets

/// The retained messages that say the hub's facts: one per entity (`{"value": …, "attributes": {…}}`
/// for Home Assistant's templates, plain text for the city and the forecast day) and all of them in
/// one JSON document on `<base>/state` for Node-RED and scripts. docs/home-assistant.md lists each.
struct StateMessages {
    let topics: HubTopics

    /// Every state topic with its payload.
    func messages(for facts: HubFacts) -> [String: [UInt8]] {
        var messages: [String: [UInt8]] = [
            topics.outdoorTemperature: entity(facts.outdoor[.temperature].map(measurement)),
            topics.outdoorHumidity: entity(facts.outdoor[.humidity].map(measurement)),
            topics.outdoorPressure: entity(facts.outdoor[.pressure].map(measurement)),
            topics.condition: entity(facts.condition.map(condition)),
            topics.pressureTrend: entity(facts.pressureTrend.map(trend)),
            topics.problem: entity(
                (.string(facts.problems.isEmpty ? "OFF" : "ON"), ["reasons": .array(facts.problems.map(JSONValue.string))])),
            topics.city: Array(facts.city.utf8),
            topics.forecastDay: Array(String(facts.forecastDay).utf8),
            topics.state: document(facts).bytes,
        ]
        if let panel = facts.panel {
            messages[topics.panelLastRefresh] = entity((.time(panel.lastRefresh), [:]))
            messages[topics.panelRefreshesSinceFull] = entity((.int(panel.refreshesSinceFull), [:]))
        }
        for calls in facts.providerCalls {
            messages[topics.providerCalls(calls.provider)] = entity((.int(calls.callsToday), ["daily_limit": .int(calls.dailyLimit)]))
        }
        return messages
    }

    /// Everything in one document, for those who read one topic.
    func document(_ facts: HubFacts) -> JSONValue {
        var outdoor: [String: JSONValue] = [:]
        for field in HubFacts.outdoorFields {
            outdoor[Self.outdoorKey(field)] = facts.outdoor[field].map { flattened(measurement($0)) } ?? .null
        }
        var calls: [String: JSONValue] = [:]
        for entry in facts.providerCalls {
            calls[entry.provider.topicLevel] = .object(["calls_today": .int(entry.callsToday), "daily_limit": .int(entry.dailyLimit)])
        }
        var document: [String: JSONValue] = [
            "city": .string(facts.city),
            "forecast_day": .int(facts.forecastDay),
            "outdoor": .object(outdoor),
            "condition": facts.condition.map { flattened(condition($0)) } ?? .null,
            "pressure_trend": facts.pressureTrend.map { flattened(trend($0)) } ?? .null,
            "provider_calls": .object(calls),
            "problems": .array(facts.problems.map(JSONValue.string)),
        ]
        if let panel = facts.panel {
            document["panel"] = .object(["last_refresh": .time(panel.lastRefresh), "refreshes_since_full": .int(panel.refreshesSinceFull)])
        }
        return .object(document)
    }

    static func outdoorKey(_ field: SensorField) -> String {
        switch field {
        case .humidity: "humidity"
        case .pressure: "pressure"
        default: "temperature"
        }
    }

    private typealias ValueAndAttributes = (value: JSONValue, attributes: [String: JSONValue])

    /// An entity's payload; `null` (Home Assistant's unknown) when the fact is missing.
    private func entity(_ fact: ValueAndAttributes?) -> [UInt8] {
        JSONValue.object(["value": fact?.value ?? .null, "attributes": .object(fact?.attributes ?? [:])]).bytes
    }

    private func flattened(_ fact: ValueAndAttributes) -> JSONValue {
        .object(fact.attributes.merging(["value": fact.value]) { $1 })
    }

    private func measurement(_ measurement: HubFacts.Measurement) -> ValueAndAttributes {
        (.double(measurement.value), [
            "source": .string(measurement.source), "from_sensor": .bool(measurement.fromSensor),
            "observed_at": .time(measurement.observedAt), "age_seconds": .int(measurement.ageSeconds),
        ])
    }

    private func condition(_ condition: HubFacts.Condition) -> ValueAndAttributes {
        (.string(condition.text), ["code": .int(condition.code), "observed_at": .time(condition.observedAt)])
    }

    private func trend(_ fact: HubFacts.Trend) -> ValueAndAttributes {
        let trend = fact.trend
        let source: String = switch trend.source {
        case .provider: "provider"
        case .sensor(_, let displayName): displayName
        }
        return (.string(trend.tendency.rawValue), [
            "change_hpa": .double((trend.change * 10).rounded() / 10),
            "window_hours": .double((Double(trend.window.components.seconds) / 360).rounded() / 10), "source": .string(source),
            "observed_at": .time(fact.observedAt),
        ])
    }
}
