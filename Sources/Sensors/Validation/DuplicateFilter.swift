#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Recognises the same reading arriving again: rtl_433 decoding one transmission's repeats (or two
/// decoders matching one frame), a retained message replayed on resubscribe, a device re-publishing
/// unchanged values many times a second. Same sensor, same values, observation times within
/// `window`.
struct DuplicateFilter: Sendable {
    private struct Last {
        var values: FieldValues
        var observedAt: Date
    }

    let window: TimeInterval
    let capacity: Int
    private var last: [SensorID: Last] = [:]

    init(window: TimeInterval = 2, capacity: Int) {
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// Whether `reading` repeats the previous one of its sensor; remembers it otherwise.
    mutating func isDuplicate(_ reading: SensorReading) -> Bool {
        let current = Last(values: reading.values, observedAt: reading.observedAt)
        guard let index = last.index(forKey: reading.sensor) else {
            if last.count >= capacity { last.removeAll(keepingCapacity: true) }
            last[reading.sensor] = current
            return false
        }
        let previous = last.values[index]
        if previous.values == reading.values, abs(previous.observedAt.timeIntervalSince(reading.observedAt)) < window {
            return true
        }
        last.values[index] = current
        return false
    }
}
