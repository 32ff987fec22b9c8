#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A message on one of the hub's command topics, handed over apart from sensor messages.
public enum MQTTCommandDelivery: Sendable, Equatable {
    /// A command within the size limit (`retained`: the broker delivered it from its retained store).
    case message(IncomingMessage)
    /// A payload over the command size limit; its bytes were never copied.
    case oversized(topic: String, bytes: Int, at: Date)
}

/// The exact topics the hub takes commands on, and how large a command may be.
public struct MQTTCommandTopics: Sendable, Equatable {
    /// Exact topics (no wildcards), subscribed at QoS 1 beside the sensor subscriptions.
    public var topics: Set<String>
    /// Larger command payloads are refused before they are copied.
    public var maxPayloadBytes: Int

    /// Command topics as given; by default none.
    public init(topics: Set<String> = [], maxPayloadBytes: Int = 1024) {
        self.topics = topics
        self.maxPayloadBytes = maxPayloadBytes
    }
}
