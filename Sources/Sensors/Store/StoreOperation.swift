#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One thing the intake asks of the store. A batch of them is applied in order in one hop to the store.
enum StoreOperation: Sendable {
    /// Keep a validated reading (its outcome is returned, in order).
    case reading(SensorReading)
    /// Count a refused message against `source`.
    case rejection(source: SensorID, reason: RejectionReason, at: Date)
    /// Record an online/offline announcement.
    case availability(SensorAvailability)
}
