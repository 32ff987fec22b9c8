#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A message the broker delivered on one of the connection's subscriptions or command topics.
public enum MQTTDelivery: Sendable, Equatable {
    /// A message within the size limit (`retained`: the broker delivered it from its retained store).
    case message(MQTTMessage)
    /// A payload over the size limit; its bytes were never copied.
    case oversized(topic: String, bytes: Int, at: Date)

    /// The bytes the delivery holds beyond its fixed size (payload and topic), for the hand-over's byte bound.
    var heldBytes: Int {
        switch self {
        case .message(let message): message.payload.count + message.topic.utf8.count
        case .oversized(let topic, _, _): topic.utf8.count
        }
    }
}

/// The exact topics the hub takes commands on, and how large a command may be.
public struct MQTTCommandTopics: Sendable, Equatable {
    /// Exact topics (no wildcards), subscribed at QoS 1 beside the subscriptions.
    public var topics: Set<String>
    /// Larger command payloads are refused before they are copied.
    public var maxPayloadBytes: Int

    /// Command topics as given; by default none.
    public init(topics: Set<String> = [], maxPayloadBytes: Int = 1024) {
        self.topics = topics
        self.maxPayloadBytes = maxPayloadBytes
    }
}
