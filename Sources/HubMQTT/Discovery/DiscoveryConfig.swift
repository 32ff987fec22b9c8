import HubConfig
import HubSystem
import MQTTConnection

/// The retained discovery config of each entity, as Home Assistant's MQTT discovery documentation
/// describes it: the platform's options, a stable `unique_id`, one `device` block shared by every
/// entity, the `origin`, availability from the hub's last-will topic, and the classes, units and
/// `expire_after` that apply. Values travel as `{"value": …, "attributes": {…}}` (docs/home-assistant.md).
struct DiscoveryConfig {
    let settings: HomeAssistantSettings
    let topics: HubTopics
    /// The broker settings whose availability topic and payloads the entities follow.
    let broker: BrokerSettings

    static let valueTemplate = "{{ value_json.value }}"
    static let attributesTemplate = "{{ value_json.attributes | tojson }}"

    /// The entity's config.
    func payload(for entity: HomeAssistantEntity) -> JSONValue {
        var config = shared(entity)
        config.merge(options(for: entity)) { $1 }
        return .object(config)
    }

    private func shared(_ entity: HomeAssistantEntity) -> [String: JSONValue] {
        var config: [String: JSONValue] = [
            "name": .string(entity.name),
            "unique_id": .string(settings.uniqueID(for: entity)),
            "device": .object([
                "identifiers": .array([.string(settings.nodeID)]), "name": "WeatherHub", "manufacturer": "WeatherHub",
                "model": "WeatherHub e-paper weather hub", "sw_version": .string(HubVersion.current),
            ]),
            "origin": .object(["name": "weatherhub", "sw_version": .string(HubVersion.current)]),
        ]
        if let topic = broker.availabilityTopic {
            config["availability_topic"] = .string(topic)
            config["payload_available"] = .string(broker.onlinePayload)
            config["payload_not_available"] = .string(broker.offlinePayload)
        }
        // The image platform has no `qos` option; every other one receives and sends at QoS 1.
        if entity.component != .image { config["qos"] = .int(1) }
        return config
    }

    private func options(for entity: HomeAssistantEntity) -> [String: JSONValue] {
        switch entity {
        case .outdoorTemperature:
            measurement(topics.outdoorTemperature, deviceClass: "temperature", unit: "°C", precision: 1)
        case .outdoorHumidity:
            measurement(topics.outdoorHumidity, deviceClass: "humidity", unit: "%", precision: 0)
        case .outdoorPressure:
            measurement(topics.outdoorPressure, deviceClass: "atmospheric_pressure", unit: "hPa", precision: 1)
        case .condition:
            expiring(value(topics.condition)).merging(["icon": "mdi:weather-partly-cloudy"]) { $1 }
        case .pressureTrend:
            expiring(value(topics.pressureTrend)).merging([
                "device_class": "enum", "options": .array(["rising", "falling", "steady"]), "icon": "mdi:gauge",
            ]) { $1 }
        case .providerCalls(let provider):
            value(topics.providerCalls(provider)).merging([
                "state_class": "total_increasing", "unit_of_measurement": "calls", "entity_category": "diagnostic",
                "icon": "mdi:counter",
            ]) { $1 }
        case .panelLastRefresh:
            value(topics.panelLastRefresh, withAttributes: false).merging(["device_class": "timestamp", "entity_category": "diagnostic"]) { $1 }
        case .panelRefreshesSinceFull:
            value(topics.panelRefreshesSinceFull, withAttributes: false).merging([
                "state_class": "measurement", "entity_category": "diagnostic", "icon": "mdi:counter",
            ]) { $1 }
        case .problem:
            value(topics.problem).merging(["device_class": "problem", "payload_on": "ON", "payload_off": "OFF"]) { $1 }
        case .panelImage:
            ["image_topic": .string(topics.panelImage), "content_type": "image/png"]
        case .city:
            // Home Assistant's largest `max`: a stored place's display name ("Name, TX, US") may be longer
            // than the 200 characters a command may have, and a state over `max` would be refused.
            [
                "command_topic": .string(topics.citySet), "state_topic": .string(topics.city), "min": 1, "max": 255,
                "mode": "text", "icon": "mdi:city",
            ]
        case .cityResult:
            value(topics.cityResult).merging(["entity_category": "diagnostic", "icon": "mdi:map-marker-question"]) { $1 }
        case .forecastDay:
            forecastDay()
        case .reload:
            ["command_topic": .string(topics.reloadSet), "payload_press": .string(HubCommand.reloadPayload), "icon": "mdi:refresh"]
        }
    }

    /// A sensor (or binary sensor) reading `{"value": …, "attributes": {…}}` from its state topic, the
    /// attributes too unless it has none.
    private func value(_ topic: String, withAttributes: Bool = true) -> [String: JSONValue] {
        var config: [String: JSONValue] = ["state_topic": .string(topic), "value_template": .string(Self.valueTemplate)]
        if withAttributes {
            config["json_attributes_topic"] = .string(topic)
            config["json_attributes_template"] = .string(Self.attributesTemplate)
        }
        return config
    }

    /// `expire_after`, when configured: a value not updated that long shows as unavailable.
    private func expiring(_ config: [String: JSONValue]) -> [String: JSONValue] {
        guard let expireAfter = settings.expireAfter, expireAfter > .zero else { return config }
        return config.merging(["expire_after": .int(Int(expireAfter.components.seconds))]) { $1 }
    }

    private func measurement(_ topic: String, deviceClass: String, unit: String, precision: Int) -> [String: JSONValue] {
        expiring(value(topic)).merging([
            "device_class": .string(deviceClass), "state_class": "measurement", "unit_of_measurement": .string(unit),
            "suggested_display_precision": .int(precision),
        ]) { $1 }
    }

    /// The select shows day names and sends the day's number, the number `weatherctl open` takes.
    private func forecastDay() -> [String: JSONValue] {
        let options = HomeAssistantEntity.forecastDayOptions
        let quoted = options.map { "'\($0)'" }
        let numbered = options.enumerated().map { "'\($1)': \($0)" }
        return [
            "command_topic": .string(topics.forecastDaySet), "state_topic": .string(topics.forecastDay),
            "options": .array(options.map(JSONValue.string)),
            "command_template": .string("{{ {\(numbered.joined(separator: ", "))}[value] }}"),
            "value_template": .string("{{ [\(quoted.joined(separator: ", "))][value | int] }}"),
            "icon": "mdi:calendar",
        ]
    }
}
