import CHubSystem
import Synchronization

/// Gives the heap's free pages back to the system once a burst of activity has gone quiet. After a hundred
/// connections at once, glibc keeps the memory they freed for the next burst; on a 512 MB board the hub
/// would rather hold only what it uses. One trim per quiet period, however long the burst: the waiting
/// task sleeps until the burst's last activity is `quiet` old, never polls.
///
/// The default quiet period outlasts libdispatch's idle worker threads (they end five seconds after their last
/// job): a worker frees the dispatch continuations it kept for reuse only when it ends, and after a burst those
/// lie scattered over the heap, each holding a page the trim could otherwise give back (about 0.5 MiB after
/// 100 devices at once).
public final class QuietHeapTrim: Sendable {
    private struct State {
        var lastActivity: ContinuousClock.Instant
        var waiting = false
    }

    private let quiet: Duration
    private let trim: @Sendable () -> Void
    private let state = Mutex(State(lastActivity: .now))

    /// - Parameters:
    ///   - quiet: how long without activity counts as quiet: longer than libdispatch's five seconds by default.
    ///   - trim: what gives memory back; `malloc_trim(0)` by default.
    public init(quiet: Duration = .seconds(10), trim: @escaping @Sendable () -> Void = QuietHeapTrim.releaseFreeHeap) {
        self.quiet = quiet
        self.trim = trim
    }

    /// Notes activity now: the trim waits until `quiet` has passed without any.
    public func noteActivity() {
        let startsWaiting = state.withLock { state in
            state.lastActivity = .now
            defer { state.waiting = true }
            return !state.waiting
        }
        if startsWaiting {
            Task { await trimWhenQuiet() }
        }
    }

    private func trimWhenQuiet() async {
        while let due = dueUnlessQuiet() {
            do {
                try await Task.sleep(until: due, clock: .continuous)
            } catch {
                state.withLock { $0.waiting = false }  // cancelled: the next activity starts a new wait
                return
            }
        }
        trim()
    }

    /// When the quiet period ends if it has not yet; nil (and no longer waiting) once it has.
    private func dueUnlessQuiet() -> ContinuousClock.Instant? {
        state.withLock { state in
            let due = state.lastActivity + quiet
            if due > .now { return due }
            state.waiting = false
            return nil
        }
    }

    /// Returns the free pages of every malloc arena to the system.
    public static func releaseFreeHeap() {
        chubsystem_release_free_heap()
    }
}
