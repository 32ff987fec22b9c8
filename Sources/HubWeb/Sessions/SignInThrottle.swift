#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import Synchronization

/// Slows password guessing per client address: after `allowance` wrong passwords in a row, each further
/// attempt must wait twice as long as the one before (1 s, 2 s, 4 s … up to `longestWait`); a right
/// password clears the address. Attempts that must wait are refused before bcrypt runs, so guessing
/// costs the hub nothing. Time comes from the injected clock.
final class SignInThrottle: Sendable {
    /// Wrong passwords allowed before the first wait.
    static let allowance = 5
    /// The longest wait between two attempts.
    static let longestWait: Duration = .seconds(15 * 60)

    private struct Failures {
        var count: Int
        var last: Date
    }

    private let failures = Mutex<[String: Failures]>([:])
    private let now: @Sendable () -> Date
    private let capacity: Int

    init(capacity: Int = 1024, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.now = now
    }

    /// How long `address` must still wait before its next attempt; `nil` when it may try now.
    func wait(for address: String) -> Duration? {
        guard let entry = failures.withLock({ $0[address] }), entry.count >= Self.allowance else { return nil }
        let remaining = (entry.last + Self.delay(afterFailures: entry.count)).timeIntervalSince(now())
        return remaining > 0 ? .seconds(remaining.rounded(.up)) : nil
    }

    /// Counts a wrong password from `address`.
    func recordFailure(from address: String) {
        let now = now()
        failures.withLock { failures in
            if failures[address] == nil, failures.count >= capacity,
                let oldest = failures.min(by: { $0.value.last < $1.value.last })?.key
            {
                failures[oldest] = nil
            }
            failures[address] = Failures(count: (failures[address]?.count ?? 0) + 1, last: now)
        }
    }

    /// Forgets `address`'s wrong passwords after a right one.
    func recordSuccess(from address: String) {
        _ = failures.withLock { $0.removeValue(forKey: address) }
    }

    /// The wait after `count` wrong passwords in a row.
    static func delay(afterFailures count: Int) -> Duration {
        guard count >= allowance else { return .zero }
        let doublings = min(count - allowance, 20)
        return min(.seconds(1 << doublings), longestWait)
    }
}
