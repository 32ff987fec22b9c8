#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A token bucket per sender (a sensor, a command topic): a burst of `burst` messages, then `perSecond`
/// sustained. A device publishing five times a second (some Aqara sensors do) keeps its rate, not its
/// flood.
public struct FloodGuard<Key: Hashable & Sendable>: Sendable {
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

    /// Messages a sender may send at once.
    public let burst: Double
    /// Messages a sender may send each second beyond the burst.
    public let perSecond: Double
    /// Buckets kept at most; full (idle) buckets are dropped first when it is reached.
    public let capacity: Int
    private var buckets: [Key: Bucket] = [:]

    /// Buckets of `burst` messages refilled at `perMinute`, for at most `capacity` senders at a time.
    public init(burst: Int, perMinute: Double, capacity: Int) {
        self.burst = Double(max(1, burst))
        self.perSecond = max(0, perMinute) / 60
        self.capacity = max(1, capacity)
    }

    /// Takes a token for `sender` at `now`; false when the sender is over its rate.
    public mutating func permits(_ sender: Key, at now: Date) -> Bool {
        guard let index = buckets.index(forKey: sender) else {
            if buckets.count >= capacity { dropIdleBuckets(at: now) }
            buckets[sender] = Bucket(tokens: burst - 1, updatedAt: now)
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
