#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the libmosquitto thread hands to Swift concurrency.
enum MQTTDelivery: Sendable {
    case message(IncomingMessage)
    /// A payload larger than the limit: only its size is passed on, never its bytes.
    case oversized(topic: String, size: Int, at: Date)
}
