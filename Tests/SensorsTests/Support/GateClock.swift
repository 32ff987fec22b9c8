import Foundation
import Synchronization

/// A clock whose sleeps last until the test wakes them (or the sleeping task is cancelled), and which
/// reports each sleep as it starts: for code that must not sleep without a reason.
final class GateClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant

    private struct State {
        var started = 0
        var sleepers: [UUID: CheckedContinuation<Void, any Error>] = [:]
    }

    private let state = Mutex(State())
    private let started = AsyncStream<Void>.makeStream()

    /// One element per sleep, as it starts.
    var sleeps: AsyncStream<Void> { started.stream }
    /// How many sleeps have started.
    var startedCount: Int { state.withLock { $0.started } }

    var now: Instant { .now }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state -> Bool in
                    state.started += 1
                    if Task.isCancelled { return true }
                    state.sleepers[id] = continuation
                    return false
                }
                started.continuation.yield()
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Ends every sleep in progress.
    func wakeSleepers() {
        for sleeper in state.withLock({ state in defer { state.sleepers = [:] }; return Array(state.sleepers.values) }) {
            sleeper.resume()
        }
    }
}
