public import HubConfig
public import MQTTConnection

extension HubMQTTSettings {
    /// The hub's topics under `baseTopic`.
    public var topics: HubTopics { HubTopics(base: baseTopic) }

    /// The exact topics the hub takes commands on, for the MQTT connection; none when disabled.
    public var commandTopics: MQTTCommandTopics {
        MQTTCommandTopics(topics: isEnabled ? topics.commands : [], maxPayloadBytes: HubCommand.maxPayloadBytes)
    }

    /// Every topic the hub publishes when enabled (its states, the panel image, its discovery configs),
    /// which the sensor intake ignores should a subscription cover one.
    public var publishedTopics: Set<String> {
        guard isEnabled else { return [] }
        let discovery = homeAssistant.map { homeAssistant in
            HomeAssistantCatalog.entities(features: features).map { homeAssistant.discoveryTopic(for: $0) }
        }
        return topics.published(features: features).union(discovery ?? [])
    }
}
