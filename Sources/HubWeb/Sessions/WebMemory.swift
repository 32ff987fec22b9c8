#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the pages remember while the service runs: the sessions and the sign-in throttle. It outlives
/// a rebuild of the hub from a new configuration (a settings change signs nobody out); a restart
/// forgets it.
public final class WebMemory: Sendable {
    let sessions: WebSessionStore
    let throttle: SignInThrottle

    /// Memory whose sessions and sign-in delays follow `now`.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        sessions = WebSessionStore(now: now)
        throttle = SignInThrottle(now: now)
    }
}
