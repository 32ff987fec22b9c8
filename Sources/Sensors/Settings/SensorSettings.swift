public import HubSystem
public import MQTTConnection

/// Everything the Sensors module is configured with. The configuration module fills it from YAML;
/// every property has a documented default so an empty `sensors:` section works.
public struct SensorSettings: Sendable {
    /// The MQTT broker to read from; `nil` runs without MQTT (socket feed only).
    public var broker: BrokerSettings?
    /// Topic filters to subscribe to, each optionally pinned to one decoder. Default: the default
    /// topics of every supported ecosystem (see `SensorSubscription.ecosystemDefaults`).
    public var subscriptions: [SensorSubscription]
    /// Names, roles, freshness and unit overrides for known sensors. Default: none.
    public var profiles: [SensorProfile]
    /// How long a reading counts as current when its profile says nothing. Default 30 minutes.
    public var defaultStaleAfter: Duration
    /// Newline-delimited JSON listeners for setups without a broker. Default: none.
    public var socketFeed: SocketFeedSettings
    /// Bounds on what the hub accepts and keeps, whatever arrives.
    public var limits: IntakeLimits
    /// Where and how readings are kept.
    public var store: StoreSettings
    /// The zone in which zone-less payload times (rtl_433's default, Tasmota's `Time`) are read.
    /// Default: the system's current zone.
    public var timeZone: TimeZoneRules
    /// Topics the hub publishes itself (its state, its Home Assistant discovery configs), which the intake
    /// ignores should a subscription cover them; the broker's availability topic always counts.
    /// Default: none.
    public var ownTopics: Set<String>

    public init(
        broker: BrokerSettings? = nil,
        subscriptions: [SensorSubscription] = SensorSubscription.ecosystemDefaults,
        profiles: [SensorProfile] = [],
        defaultStaleAfter: Duration = .seconds(30 * 60),
        socketFeed: SocketFeedSettings = SocketFeedSettings(),
        limits: IntakeLimits = IntakeLimits(),
        store: StoreSettings = StoreSettings(),
        timeZone: TimeZoneRules = .current,
        ownTopics: Set<String> = []
    ) {
        self.broker = broker
        self.subscriptions = subscriptions
        self.profiles = profiles
        self.defaultStaleAfter = defaultStaleAfter
        self.socketFeed = socketFeed
        self.limits = limits
        self.store = store
        self.timeZone = timeZone
        self.ownTopics = ownTopics
    }
}
