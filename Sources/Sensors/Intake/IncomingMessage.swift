#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One message as an intake received it: from MQTT, a socket line, or the CLI's stdin.
public struct IncomingMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    /// The broker delivered it from its retained store.
    public var retained: Bool
    public var arrivedAt: Date
    /// A decoder the source pins (a socket listener's); MQTT messages take theirs from the subscriptions.
    public var decoder: SensorEcosystem?

    public init(topic: String, payload: [UInt8], retained: Bool = false, arrivedAt: Date, decoder: SensorEcosystem? = nil) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
        self.arrivedAt = arrivedAt
        self.decoder = decoder
    }
}
