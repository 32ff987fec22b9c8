import HubSystem
/// The stable identity of one physical sensor, as the hub derives it from the topic and payload:
/// `model/channel/id` for rtl_433, the topic for zigbee2mqtt, `BLE/<MAC>` for Bluetooth gateways…
///
/// Configuration refers to sensors by this text, so it must not change between two messages of the
/// same device.
public struct SensorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The identity as text.
    public let rawValue: String
    /// The text's `FNV1a` hash, taken once: every message looks its sensor up in several tables.
    private let fingerprint: UInt32

    /// Wraps an identity text (the hub never derives an empty one).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        fingerprint = FNV1a.hash32(rawValue)
    }

    public var description: String { rawValue }

    public static func == (lhs: SensorID, rhs: SensorID) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    public static func < (lhs: SensorID, rhs: SensorID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Written as its text, as configuration and reports name it.
extension SensorID: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
