#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Monotonic time for code that runs on a blocking thread (reset pulses, BUSY timeouts).
/// Tests pass a virtual clock so a 4-second refresh takes no time.
public protocol BlockingClock: AnyObject, Sendable {
    /// Time since an arbitrary fixed origin; never goes back.
    var now: Duration { get }
    /// Blocks the calling thread.
    func sleep(for duration: Duration)
}

/// `CLOCK_MONOTONIC` and `nanosleep`.
public final class SystemBlockingClock: BlockingClock {
    /// The system's monotonic clock.
    public init() {}

    public var now: Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    public func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let components = duration.components
        var request = timespec(tv_sec: Int(components.seconds), tv_nsec: Int(components.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
