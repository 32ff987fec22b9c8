#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Time that moves only when told: `advance(by:)` wakes every sleeper whose deadline it passes. For tests
/// of a scheduler that runs concurrently with other parts (a web side, a device), where the test decides
/// when the next entry is due instead of waiting for the wall clock.
public final class ManualSchedulerClock: SchedulerClock {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var moment: Moment
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    /// A clock that reads `start` until advanced.
    public init(start: Moment) {
        state = Mutex(State(moment: start))
    }

    public func now() -> Moment {
        state.withLock { $0.moment }
    }

    public func sleep(untilUptime deadline: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.moment.uptime { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves both clocks forward by `interval` and wakes the sleepers whose deadline has come.
    public func advance(by interval: Duration) {
        let due = state.withLock { state in
            state.moment = state.moment.advanced(by: interval)
            let uptime = state.moment.uptime
            let ids = state.sleepers.filter { $0.value.deadline <= uptime }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
