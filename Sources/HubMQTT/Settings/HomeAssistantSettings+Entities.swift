import HubConfig

extension HomeAssistantSettings {
    /// The entity's discovery config topic.
    func discoveryTopic(for entity: HomeAssistantEntity) -> String {
        "\(discoveryPrefix)/\(entity.component.rawValue)/\(nodeID)/\(entity.objectID)/config"
    }

    /// The entity's `unique_id`: the node id and the object id, never anything that changes with the
    /// city or a restart.
    func uniqueID(for entity: HomeAssistantEntity) -> String {
        "\(nodeID)_\(entity.objectID)"
    }
}
