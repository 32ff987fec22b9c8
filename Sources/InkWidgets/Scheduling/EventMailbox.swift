import Synchronization

/// A queue of events for one consumer that can wait for the next event or a deadline, whichever comes
/// first, without polling and without losing an event that races the deadline.
final class EventMailbox<Event: Sendable>: Sendable {
    private struct State {
        var queue: [Event] = []
        var waiter: CheckedContinuation<Event?, Never>?
        var closed = false
    }

    private let state = Mutex(State())

    /// Adds an event; ignored once the mailbox is closed.
    func post(_ event: Event) {
        let waiter: CheckedContinuation<Event?, Never>? = state.withLock { state in
            guard !state.closed else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.queue.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// Stops accepting events and wakes the consumer.
    func close() {
        let waiter = state.withLock { state in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The events waiting now, without blocking.
    func drain() -> [Event] {
        state.withLock { state in
            defer { state.queue.removeAll() }
            return state.queue
        }
    }

    /// The next events, or `[]` once `deadline` passes on `clock` (nil: no deadline). Returns several
    /// events when more arrived just as the deadline passed. `nil` when the mailbox was closed, the task
    /// cancelled, or the clock refused to wait (a simulation that reached its end).
    func receive(until deadline: Duration?, on clock: any SchedulerClock) async -> [Event]? {
        let queued = drain()
        if !queued.isEmpty { return queued }
        return await withTaskGroup(of: Wake.self) { group in
            group.addTask { await self.next().map(Wake.event) ?? .nothing }
            group.addTask {
                do {
                    try await clock.sleep(untilUptime: deadline ?? Self.distantUptime)
                    return .deadline
                } catch {
                    return .nothing
                }
            }
            var events: [Event] = []
            var timedOut = false
            var first = true
            while let wake = await group.next() {
                if first {
                    group.cancelAll()
                    first = false
                }
                switch wake {
                case .event(let event): events.append(event)
                case .deadline: timedOut = true
                case .nothing: break
                }
            }
            events += drain()
            if events.isEmpty, !timedOut { return nil }
            return events
        }
    }

    /// How one of the two waits in `receive` ended.
    private enum Wake: Sendable {
        case event(Event)
        case deadline
        /// Cancelled, closed, or the clock refused to wait.
        case nothing
    }

    /// A century of uptime: "no deadline" for clocks that need one.
    private static var distantUptime: Duration { .seconds(100 * 365 * 86_400) }

    /// Waits for one event; `nil` when closed or cancelled.
    private func next() async -> Event? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                let immediate: Event?? = state.withLock { state in
                    if state.closed || Task.isCancelled { return .some(nil) }
                    if !state.queue.isEmpty { return .some(state.queue.removeFirst()) }
                    state.waiter = continuation
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
