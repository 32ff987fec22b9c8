#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's in-memory state of one sensor, mirrored to the database at each flush.
struct SensorRecord: Sendable, Equatable {
    var sensor: SensorID
    var ecosystem: SensorEcosystem?
    var firstSeen: Date
    var lastSeen: Date?
    var values: [SensorField: LatestValue] = [:]
    var rejectedCount = 0
    var lastRejection: RejectionReason?
    var lastRejectionAt: Date?
}
