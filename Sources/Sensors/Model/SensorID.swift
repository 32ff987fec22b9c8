/// The stable identity of one physical sensor, as the hub derives it from the topic and payload:
/// `model/channel/id` for rtl_433, the topic for zigbee2mqtt, `BLE/<MAC>` for Bluetooth gateways…
///
/// Configuration refers to sensors by this text, so it must not change between two messages of the
/// same device.
public struct SensorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The identity as text.
    public let rawValue: String

    /// Wraps an identity text (the hub never derives an empty one).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: SensorID, rhs: SensorID) -> Bool { lhs.rawValue < rhs.rawValue }
}
