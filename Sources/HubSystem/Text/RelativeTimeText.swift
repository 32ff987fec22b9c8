#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Short texts for spans and moments in the hub's reports (`weatherctl`, the status page): `45 s`,
/// `3 min`, `2 h 5 min`, `4 d 1 h`; `in 3 min` or `3 min ago`.
public enum RelativeTimeText {
    /// A span of whole seconds, to the two largest units; a negative span reads as zero.
    public static func span(seconds: Int) -> String {
        let seconds = max(0, seconds)
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3600: return "\(seconds / 60) min"
        case ..<86400: return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        default: return "\(seconds / 86400) d \(seconds % 86400 / 3600) h"
        }
    }

    /// How long ago `date` was.
    public static func age(since date: Date, now: Date) -> String {
        span(seconds: Int(now.timeIntervalSince(date)))
    }

    /// `in 4 min` for a moment ahead, `2 min ago` for one past.
    public static func relative(_ date: Date, now: Date) -> String {
        date >= now ? "in \(age(since: now, now: date))" : "\(age(since: date, now: now)) ago"
    }
}
