#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A token bucket per sensor: a burst of `burst` messages, then `perSecond` sustained. A device
/// publishing five times a second (some Aqara sensors do) keeps its rate, not its flood.
struct FloodGuard: Sendable {
    private struct Bucket {
        var tokens: Double
        var updatedAt: Date

        /// Refills for the time elapsed, then takes a token if there is one.
        mutating func take(burst: Double, perSecond: Double, at now: Date) -> Bool {
            tokens = min(burst, tokens + max(0, now.timeIntervalSince(updatedAt)) * perSecond)
            updatedAt = now
            guard tokens >= 1 else { return false }
            tokens -= 1
            return true
        }
    }

    let burst: Double
    let perSecond: Double
    /// Buckets kept at most; full (idle) buckets are dropped first when it is reached.
    let capacity: Int
    private var buckets: [SensorID: Bucket] = [:]

    init(burst: Int, perMinute: Double, capacity: Int) {
        self.burst = Double(max(1, burst))
        self.perSecond = max(0, perMinute) / 60
        self.capacity = max(1, capacity)
    }

    /// Takes a token for `sensor` at `now`; false when the sensor is over its rate.
    mutating func permits(_ sensor: SensorID, at now: Date) -> Bool {
        guard let index = buckets.index(forKey: sensor) else {
            if buckets.count >= capacity { dropIdleBuckets(at: now) }
            buckets[sensor] = Bucket(tokens: burst - 1, updatedAt: now)
            return true
        }
        return buckets.values[index].take(burst: burst, perSecond: perSecond, at: now)
    }

    private mutating func dropIdleBuckets(at now: Date) {
        let refillTime = perSecond > 0 ? burst / perSecond : .infinity
        buckets = buckets.filter { now.timeIntervalSince($0.value.updatedAt) < refillTime }
        if buckets.count >= capacity { buckets.removeAll(keepingCapacity: true) }
    }
}
