import Synchronization

/// Counts calls of a callback under test (a trim, a notification), keeps when the last one came, and waits
/// for them.
public final class CallCounter: Sendable {
    private let calls = Mutex((count: 0, last: ContinuousClock.Instant?.none))

    public init() {}

    public var value: Int { calls.withLock { $0.count } }

    /// When the last call came.
    public var lastCall: ContinuousClock.Instant? { calls.withLock { $0.last } }

    public func record() {
        calls.withLock { $0 = ($0.count + 1, .now) }
    }

    /// Returns once `expected` calls were counted, or after `limit`: by default one that only a broken
    /// test reaches, since a full suite on two cores can hold a waiting task for tens of seconds.
    public func wait(for expected: Int, limit: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + limit
        while value < expected && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
