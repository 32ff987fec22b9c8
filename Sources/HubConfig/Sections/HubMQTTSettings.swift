/// The hub's own presence on the MQTT broker, beside reading sensors (`mqtt:` in the configuration):
/// its state as retained messages for Node-RED, scripts and Home Assistant, its command topics, and
/// Home Assistant's MQTT discovery. The connection, its last will and the availability topic are the
/// broker connection's (`BrokerSettings`), which the sensor intake reads from too.
public struct HubMQTTSettings: Sendable, Equatable {
    /// Publish the hub's state and take commands under `baseTopic`. Default false.
    public var isEnabled: Bool
    /// The root of the hub's own topics. Default `weatherhub`.
    public var baseTopic: String
    /// Home Assistant MQTT discovery; `nil` (default) publishes no discovery configs.
    public var homeAssistant: HomeAssistantSettings?
    /// What this hub offers, which decides the entities it announces.
    public var features: HubFeatures

    /// Settings as given; by default off.
    public init(
        isEnabled: Bool = false, baseTopic: String = "weatherhub", homeAssistant: HomeAssistantSettings? = nil,
        features: HubFeatures = HubFeatures()
    ) {
        self.isEnabled = isEnabled
        self.baseTopic = baseTopic
        self.homeAssistant = homeAssistant
        self.features = features
    }
}
