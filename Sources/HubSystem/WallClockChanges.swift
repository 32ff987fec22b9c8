import CHubSystem
import Synchronization

/// Reports every discontinuous change of the wall clock (an NTP step at boot, a manual `date -s`), through
/// a kernel timer that is cancelled when the clock is set. Every stream shares one timer and one sleeping
/// thread, which run while at least one stream is iterated: the panel and any number of displays cost one
/// thread, and nothing polls.
public enum WallClockChanges {
    /// A stream with an element after each change; stop iterating to unsubscribe (the last one out
    /// releases the timer and its thread).
    public static func stream() throws -> AsyncStream<Void> {
        try subscribers.subscribe()
    }

    private static let subscribers = ClockChangeSubscribers()
}

/// The streams listening to the one clock watch, and the task that hands its changes to all of them.
private final class ClockChangeSubscribers: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextID = 0
        /// Forwards the watch's changes; cancelling it ends the watch's thread and closes the timer.
        var forwarding: Task<Void, Never>?
    }

    private let state = Mutex(State())

    func subscribe() throws -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = try state.withLock { state in
            if state.forwarding == nil {
                let changes = try Self.watch()
                state.forwarding = Task { [self] in
                    for await _ in changes { broadcast() }
                }
            }
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [self] _ in unsubscribe(id) }
        return stream
    }

    private func unsubscribe(_ id: Int) {
        state.withLock { state in
            state.continuations[id] = nil
            if state.continuations.isEmpty {
                state.forwarding?.cancel()
                state.forwarding = nil
            }
        }
    }

    private func broadcast() {
        for continuation in state.withLock({ Array($0.continuations.values) }) {
            continuation.yield()
        }
    }

    private static func watch() throws -> AsyncStream<Void> {
        let fd = chubsystem_clock_change_open()
        guard fd >= 0 else { throw SystemError.current("watch the wall clock") }
        return try DescriptorWatch.stream(of: fd, name: "clock watch") { fd in
            chubsystem_clock_change_consume(fd) == 1
        }
    }
}
