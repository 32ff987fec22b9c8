import EPaper
import Foundation
import HubSystem
import Synchronization

/// Virtual time shared by everything in a test: the blocking clock drivers and emulators use (a reset
/// pulse or a 4-second refresh advances it instantly) and the scheduling clock of the panel controller
/// (its timer sleeps until the test advances time). Nothing waits for real.
final class TestTime: SchedulingClock, Sendable {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var registrationWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The wall-clock date at virtual time zero.
    let epoch: Date
    private let state = Mutex(State())

    init(epoch: Date) {
        self.epoch = epoch
    }

    /// The blocking view of this time, for drivers and emulators.
    var blocking: TestBlockingClock { TestBlockingClock(self) }

    /// Virtual time since the epoch.
    var elapsed: Duration { state.withLock { $0.now } }

    /// Advances time by a blocking sleep (a driver's reset pulse, an emulated BUSY period).
    func pass(_ duration: Duration) {
        guard duration > .zero else { return }
        let due = state.withLock { state -> [Sleeper] in
            state.now += duration
            return Self.takeDue(&state)
        }
        due.forEach { $0.continuation.resume() }
    }

    // MARK: SchedulingClock

    var now: Date { date(at: elapsed) }

    func sleep(until deadline: Date) async throws {
        let target = offset(of: deadline)
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, waiters) = state.withLock { state -> (Result<Bool, any Error>, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if target <= state.now { return (.success(true), []) }
                    state.sleepers[id] = Sleeper(deadline: target, continuation: continuation)
                    let waiters = state.registrationWaiters
                    state.registrationWaiters = []
                    return (.success(false), waiters)
                }
                waiters.forEach { $0.resume() }
                switch outcome {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true): continuation.resume()
                case .success(false): break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    // MARK: Driving time from a test

    /// Moves time forward to `target`, letting every sleeper that falls due run (and register its next
    /// sleep) before going further. Expects the controller's timer to be sleeping between steps.
    func advance(to target: Duration) async {
        while true {
            await waitForSleeper()
            let due = state.withLock { state -> [Sleeper]? in
                guard let earliest = state.sleepers.values.map(\.deadline).min(), earliest <= target else {
                    state.now = max(state.now, target)
                    return nil
                }
                state.now = max(state.now, earliest)
                return Self.takeDue(&state)
            }
            guard let due else { return }
            due.forEach { $0.continuation.resume() }
        }
    }

    func advance(by duration: Duration) async {
        await advance(to: elapsed + duration)
    }

    /// Suspends until some task sleeps on the scheduling clock.
    func waitForSleeper() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if !state.sleepers.isEmpty { return true }
                state.registrationWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func date(at offset: Duration) -> Date {
        epoch.addingTimeInterval(offset.timeInterval)
    }

    func offset(of date: Date) -> Duration {
        let seconds = date.timeIntervalSince(epoch)
        if seconds > 1e9 { return .seconds(1_000_000_000) }
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    private static func takeDue(_ state: inout State) -> [Sleeper] {
        let ids = state.sleepers.filter { $0.value.deadline <= state.now }.map(\.key)
        return ids.compactMap { state.sleepers.removeValue(forKey: $0) }
    }
}

/// `TestTime` as a `BlockingClock`.
final class TestBlockingClock: BlockingClock {
    let time: TestTime

    init(_ time: TestTime) { self.time = time }

    var now: Duration { time.elapsed }

    func sleep(for duration: Duration) { time.pass(duration) }
}
