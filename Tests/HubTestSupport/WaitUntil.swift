/// Waits (at most `timeout`) until `condition` holds, looking every 100 ms: for what a test can only see
/// from outside (another process's output, a server's state).
public func waitUntil(timeout: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(100))
    }
    throw ConditionTimedOut(description: "the condition did not hold within \(timeout)")
}

/// `waitUntil`'s condition did not hold in time.
public struct ConditionTimedOut: Error, CustomStringConvertible {
    public let description: String
}
