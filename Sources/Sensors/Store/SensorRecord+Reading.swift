#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

extension SensorRecord {
    /// Takes a reading's values where they are newer than those held, and returns the fields whose shown
    /// value changed (a new value at the panel's resolution, or one current again).
    mutating func take(_ reading: SensorReading, staleAfter: Duration) -> FieldMask {
        ecosystem = reading.ecosystem
        lastSeen = max(lastSeen ?? reading.arrivedAt, reading.arrivedAt)
        if let first = reading.rejections.first {
            rejectedCount += 1
            lastRejection = first.reason
            lastRejectionAt = reading.arrivedAt
        }
        let staleSeconds = staleAfter.timeInterval
        var changed: FieldMask = []
        for (field, value) in reading.values {
            // One lookup per field: the position serves both the read and the write.
            let position = values.index(forKey: field)
            let old = position.map { values.values[$0] }
            if let old {
                let replaces = reading.ageUnknown ? false : (old.ageUnknown || reading.observedAt >= old.observedAt)
                guard replaces else { continue }
            }
            let new = LatestValue(
                value: value, observedAt: reading.observedAt, arrivedAt: reading.arrivedAt, timeSource: reading.timeSource,
                ageUnknown: reading.ageUnknown,
                suspect: reading.suspects.isEmpty ? nil : reading.suspects.first { $0.field == field }?.reason,
                unitAssumed: !reading.unitAssumed.isEmpty && reading.unitAssumed.contains(field))
            if let position { values.values[position] = new } else { values[field] = new }
            if Self.changesWhatIsShown(old: old, new: new, field: field, staleAfterSeconds: staleSeconds, at: reading.arrivedAt) {
                changed.insert(FieldMask(field))
            }
        }
        return changed
    }

    /// Counts a refused message.
    mutating func countRejection(_ reason: RejectionReason, at time: Date) {
        rejectedCount += 1
        lastRejection = reason
        lastRejectionAt = time
    }

    private static func changesWhatIsShown(
        old: LatestValue?, new: LatestValue, field: SensorField, staleAfterSeconds: Double, at time: Date
    ) -> Bool {
        guard let old else { return true }
        if old.ageUnknown != new.ageUnknown { return true }
        if !old.isCurrent(at: time, staleAfterSeconds: staleAfterSeconds) && new.isCurrent(at: time, staleAfterSeconds: staleAfterSeconds) {
            return true
        }
        if (old.suspect == nil) != (new.suspect == nil) { return true }
        let resolution = field.displayResolution
        return (old.value / resolution).rounded() != (new.value / resolution).rounded()
    }
}
