#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an intake hands to `SensorIntake`: a message to process, or the trace of one that was dropped
/// before it could be (a payload over the size limit, whose bytes are never kept).
enum IntakeItem: Sendable {
    case message(IncomingMessage)
    /// Counted against `source` (a topic) with `reason`.
    case dropped(source: String, reason: RejectionReason, at: Date)
}
