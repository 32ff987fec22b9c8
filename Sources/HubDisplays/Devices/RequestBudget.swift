#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkWidgets
import Synchronization

/// A token bucket per client: `burst` requests at once, then one every `interval`. A device's real
/// wake-up costs three or four requests; a loop gets `429`. At most `clientLimit` clients are tracked,
/// the longest idle forgotten first.
public final class RequestBudget<Client: Hashable & Sendable>: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let burst: Double
    private let perSecond: Double
    private let clientLimit: Int
    private let buckets = Mutex<[Client: Bucket]>([:])

    public init(burst: Int = 20, interval: Duration = .seconds(1), clientLimit: Int = 1024) {
        self.burst = Double(burst)
        self.perSecond = 1 / interval.timeInterval
        self.clientLimit = clientLimit
    }

    /// Takes one request from the client's budget; false when it is spent.
    public func admit(_ client: Client, at now: ContinuousClock.Instant = .now) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated).timeInterval * perSecond)
            bucket.updated = now
            let admitted = bucket.tokens >= 1
            if admitted { bucket.tokens -= 1 }
            if buckets[client] == nil, buckets.count >= clientLimit,
                let idlest = buckets.min(by: { $0.value.updated < $1.value.updated })?.key
            {
                buckets[idlest] = nil
            }
            buckets[client] = bucket
            return admitted
        }
    }
}
