#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InkUI
import MQTTConnection
import Synchronization

/// What woke the publisher, gathered since it last looked: a burst of sensor changes is one look.
struct HubWakeup: Sendable {
    /// Something the facts depend on may have changed.
    var factsChanged = false
    /// The connection's newest status, when it changed.
    var connection: MQTTConnectionStatus?
    /// The newest frame the panel shows, when it refreshed.
    var frame: Frame?
    /// The answer to a city command.
    var cityResult: CityCommandResult?
}

/// The hand-over from the hub's event sources (sensors, panel, weather, connection, commands) to the
/// one task that publishes: events merge into one pending wake-up, which the publisher takes whole.
final class HubSignals: Sendable {
    private struct State {
        var pending: HubWakeup?
        var waiter: CheckedContinuation<Void, Never>?
        /// The current wait was cancelled before its continuation was stored.
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Merges an event into the pending wake-up and wakes the publisher.
    func post(_ event: (inout HubWakeup) -> Void) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            var pending = state.pending ?? HubWakeup()
            event(&pending)
            state.pending = pending
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The pending wake-up, waiting for one at most `timeout` (forever when `nil`); an empty wake-up
    /// when the time ran out or the task was cancelled.
    func next(timeout: Duration?) async -> HubWakeup {
        if let pending = take() { return pending }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForPost() }
            if let timeout { group.addTask { try? await Task.sleep(for: timeout) } }
            await group.next()
            group.cancelAll()
        }
        return take() ?? HubWakeup()
    }

    private func take() -> HubWakeup? {
        state.withLock { state in
            defer { state.pending = nil }
            return state.pending
        }
    }

    private func waitForPost() async {
        state.withLock { $0.cancelled = false }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    guard state.pending == nil, !state.cancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
