#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import Synchronization

/// Where the scheduler reads the time and waits. Injected, so tests and benchmarks run days of schedule
/// without waiting.
public protocol SchedulerClock: Sendable {
    /// The current moment on both clocks.
    func now() -> Moment
    /// Returns once the uptime reaches `deadline` (or at once when it has), or throws when cancelled.
    func sleep(untilUptime deadline: Duration) async throws
}

/// The real clocks: the system's wall clock and the monotonic clock that keeps counting while suspended.
public struct SystemSchedulerClock: SchedulerClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    public init() {
        origin = clock.now
    }

    public func now() -> Moment {
        Moment(wall: Date(), uptime: clock.now - origin)
    }

    public func sleep(untilUptime deadline: Duration) async throws {
        try await clock.sleep(until: origin + deadline, tolerance: .milliseconds(50))
    }
}

/// Simulated time that jumps to each deadline at once: with `ReloadExecution.inline` the scheduler runs
/// a year of schedule as fast as it can compute it, in the same order real time would give. Sleeping past
/// `end` throws `CancellationError`, which ends the simulation.
public final class VirtualSchedulerClock: SchedulerClock {
    private let moment: Mutex<Moment>
    private let end: Duration?

    public init(start: Moment, end: Duration? = nil) {
        moment = Mutex(start)
        self.end = end
    }

    public func now() -> Moment {
        moment.withLock { $0 }
    }

    public func sleep(untilUptime deadline: Duration) async throws {
        try Task.checkCancellation()
        if let end, deadline > end { throw CancellationError() }
        moment.withLock { current in
            if deadline > current.uptime { current = current.advanced(by: deadline - current.uptime) }
        }
    }

    /// Moves the wall clock without uptime passing, as an NTP step does.
    public func jumpWall(by interval: Duration) {
        moment.withLock { $0.wall = $0.wall.addingTimeInterval(interval.timeInterval) }
    }
}
