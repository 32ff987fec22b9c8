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
        var values: [SensorField: Double]
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
        if let previous = last[reading.sensor], previous.values == reading.values,
            abs(previous.observedAt.timeIntervalSince(reading.observedAt)) < window
        {
            return true
        }
        if last[reading.sensor] == nil, last.count >= capacity { last.removeAll(keepingCapacity: true) }
        last[reading.sensor] = Last(values: reading.values, observedAt: reading.observedAt)
        return false
    }
}
