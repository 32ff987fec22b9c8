import Synchronization

/// Lets one party cancel an operation another task runs, without owning that task: `run` races the
/// operation against `cancel()` and cancels the loser.
final class CancellationSignal: Sendable {
    private let state = Mutex<(cancelled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Runs `operation`; `nil` when `cancel()` came first (the operation is then cancelled).
    func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await operation() }
            group.addTask {
                await self.waitForCancel()
                return nil
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
    }

    func cancel() {
        let waiter = state.withLock { state in
            state.cancelled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns when `cancel()` is called or the waiting task is cancelled.
    private func waitForCancel() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.cancelled || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
