#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The local time zone, for quiet hours. Injected so tests do not depend on the machine's zone.
public protocol LocalTimeZone: Sendable {
    /// Seconds local time is ahead of UTC at `date` (daylight saving included).
    func secondsFromUTC(at date: Date) -> Int
}

/// The system's zone through the C library (`/etc/localtime`, `TZ`), without ICU.
public struct SystemLocalTimeZone: LocalTimeZone {
    /// The zone the C library reports.
    public init() {}

    /// The offset `localtime_r` reports at `date`.
    public func secondsFromUTC(at date: Date) -> Int {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}

/// A zone with a fixed offset from UTC.
public struct FixedOffsetTimeZone: LocalTimeZone {
    /// The fixed offset.
    public let secondsFromUTC: Int

    /// A zone `secondsFromUTC` ahead of UTC.
    public init(secondsFromUTC: Int) { self.secondsFromUTC = secondsFromUTC }

    /// The fixed offset, whatever the date.
    public func secondsFromUTC(at date: Date) -> Int { secondsFromUTC }
}
