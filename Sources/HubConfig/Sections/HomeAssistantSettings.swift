/// Home Assistant's MQTT discovery (`mqtt.home_assistant`), as its documentation describes it: a
/// retained config per entity on `<discovery_prefix>/<component>/<node_id>/<object_id>/config`.
public struct HomeAssistantSettings: Sendable, Equatable {
    /// Home Assistant's discovery prefix. Default `homeassistant`, Home Assistant's own default.
    public var discoveryPrefix: String
    /// The `<node_id>` level of the discovery topics, the device's identifier and the prefix of every
    /// `unique_id`: keep it stable, and distinct per hub. Only `[a-zA-Z0-9_-]`. Default `weatherhub`.
    public var nodeID: String
    /// Weather values not updated for this long show as unavailable (`expire_after`); `nil` never.
    /// Default 1 h, the age at which the panel marks its data old.
    public var expireAfter: Duration?

    /// Settings as given; the defaults are Home Assistant's and the hub's.
    public init(discoveryPrefix: String = "homeassistant", nodeID: String = "weatherhub", expireAfter: Duration? = .seconds(3600)) {
        self.discoveryPrefix = discoveryPrefix
        self.nodeID = nodeID
        self.expireAfter = expireAfter
    }
}
