#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One message as the broker delivered it.
public struct MQTTMessage: Sendable, Equatable {
    /// The topic it was published on.
    public var topic: String
    /// Its bytes, as published.
    public var payload: [UInt8]
    /// The broker delivered it from its retained store.
    public var retained: Bool
    /// When the connection received it.
    public var arrivedAt: Date

    /// A message as given.
    public init(topic: String, payload: [UInt8], retained: Bool = false, arrivedAt: Date) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
        self.arrivedAt = arrivedAt
    }
}
