#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Wall-clock time for the panel controller's schedule: when a waiting frame may be shown, when the
/// daily full refresh is due. Injected so a simulated week runs without waiting.
public protocol SchedulingClock: Sendable {
    var now: Date { get }
    /// Suspends until `deadline` or earlier (callers check again what is due), returning at once when it
    /// has passed. Throws when cancelled.
    func sleep(until deadline: Date) async throws
}

/// The system clock. Sleeps at most 15 minutes at a time so a wall-clock jump (NTP at boot) is noticed.
public struct SystemSchedulingClock: SchedulingClock {
    /// The system clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(until deadline: Date) async throws {
        let seconds = min(deadline.timeIntervalSince(Date()), 900)
        if seconds > 0 { try await Task.sleep(for: .milliseconds(Int64(seconds * 1000))) }
        try Task.checkCancellation()
    }
}
