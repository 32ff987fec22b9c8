/// One MQTT topic filter to subscribe to (QoS 1), optionally pinned to a decoder instead of detecting
/// the ecosystem from topic and payload, and with the quantity and unit of bare numbers on it.
public struct SensorSubscription: Sendable, Equatable {
    /// An MQTT filter with `+` and `#` wildcards.
    public var topicFilter: String
    /// The decoder for every message on this filter; `nil` (default) detects it.
    public var decoder: SensorEcosystem?
    /// For bare numbers on topics whose last level does not name the quantity (`home/attic/value`).
    public var field: SensorField?
    /// The unit of bare numbers on this filter. A bare number says nothing of its unit: without this,
    /// one of a quantity that has several common units (°C or °F, hPa or inHg, m/s or km/h, mm or in,
    /// V or mV) is refused, never assumed.
    public var unit: MeasurementUnit?

    /// A subscription as given; by default the ecosystem is detected and nothing is pinned.
    public init(topicFilter: String, decoder: SensorEcosystem? = nil, field: SensorField? = nil, unit: MeasurementUnit? = nil) {
        self.topicFilter = topicFilter
        self.decoder = decoder
        self.field = field
        self.unit = unit
    }

    /// The default topics of every ecosystem the hub reads, plus Home Assistant discovery configs,
    /// which carry the units ESPHome states lack.
    public static let ecosystemDefaults: [SensorSubscription] = [
        SensorSubscription(topicFilter: "rtl_433/+/events"),
        SensorSubscription(topicFilter: "rtl_433/+/devices/#"),
        SensorSubscription(topicFilter: "zigbee2mqtt/#"),
        SensorSubscription(topicFilter: "tele/+/SENSOR"),
        SensorSubscription(topicFilter: "tele/+/LWT"),
        SensorSubscription(topicFilter: "+/sensor/+/state"),
        SensorSubscription(topicFilter: "+/status"),
        SensorSubscription(topicFilter: "+/+/BTtoMQTT/+"),
        SensorSubscription(topicFilter: "shellies/+/sensor/+"),
        SensorSubscription(topicFilter: "shellies/+/online"),
        SensorSubscription(topicFilter: "+/events/rpc"),
        SensorSubscription(topicFilter: "homeassistant/+/+/config"),
        SensorSubscription(topicFilter: "homeassistant/+/+/+/config"),
    ]
}
