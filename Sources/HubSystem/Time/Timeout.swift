/// Runs `operation` for at most `timeout`: its result, or `nil` when it had not finished by then. An
/// operation still running at the deadline is cancelled and awaited, so it should honour cancellation.
/// Cancelling the caller cancels the operation and returns what it then returns: a cancellation is
/// never taken for a timeout.
public func withTimeout<Value: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async -> Value
) async -> Value? {
    await withTaskGroup(of: TimeoutRace<Value>.self) { group in
        group.addTask { .finished(await operation()) }
        group.addTask { (try? await Task.sleep(for: timeout)) == nil ? .callerCancelled : .timedOut }
        while let outcome = await group.next() {
            switch outcome {
            case .finished(let value):
                group.cancelAll()
                return value
            case .timedOut:
                group.cancelAll()
                return nil
            case .callerCancelled:
                continue
            }
        }
        return nil
    }
}

/// Which of ``withTimeout(_:_:)``'s two tasks ended first, and how.
private enum TimeoutRace<Value: Sendable>: Sendable {
    case finished(Value)
    case timedOut
    /// The sleep ended early because the caller was cancelled: the operation's own answer follows.
    case callerCancelled
}
