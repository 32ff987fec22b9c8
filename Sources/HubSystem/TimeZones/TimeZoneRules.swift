#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A time zone's offset from UTC at any instant, read from the system's zoneinfo (TZif) files or a POSIX
/// `TZ` rule with plain arithmetic, without ICU: an `apt upgrade tzdata` reaches the panel at the next
/// start, and the service does not map ICU's data.
public struct TimeZoneRules: Sendable, Hashable, CustomStringConvertible {
    /// The zone's name: "Europe/Paris", "UTC", "UTC+05:30", or the rule text it was read from.
    public let identifier: String
    /// Instants (seconds since 1970, UTC) at which the offset changes, ascending.
    let transitions: [Int]
    /// The offset from each transition on, in seconds east of UTC.
    let offsetsFromTransition: [Int]
    /// The offset before the first transition, and always when there are neither transitions nor a rule.
    let initialOffset: Int
    /// The rule that continues after the last transition: the TZif footer or a `TZ` rule.
    let rule: PosixZoneRule?

    init(identifier: String, transitions: [Int], offsetsFromTransition: [Int], initialOffset: Int,
         rule: PosixZoneRule?) {
        self.identifier = identifier
        self.transitions = transitions
        self.offsetsFromTransition = offsetsFromTransition
        self.initialOffset = initialOffset
        self.rule = rule
    }

    /// A zone always `secondsFromUTC` ahead of UTC, named "UTC" or like "UTC+05:30".
    public init(secondsFromUTC: Int) {
        self.init(identifier: Self.fixedOffsetName(secondsFromUTC), transitions: [], offsetsFromTransition: [],
                  initialOffset: secondsFromUTC, rule: nil)
    }

    /// Coordinated Universal Time.
    public static let utc = TimeZoneRules(secondsFromUTC: 0)

    /// A POSIX `TZ` rule such as "CET-1CEST,M3.5.0,M10.5.0/3" (RFC 8536 section 3.3), named by its text.
    public init(posixRule text: String) throws(TimeZoneRulesError) {
        let rule = try PosixZoneRule(text)
        self.init(identifier: text, transitions: [], offsetsFromTransition: [], initialOffset: rule.standardOffset,
                  rule: rule)
    }

    /// Seconds local time is ahead of UTC at `date`, daylight saving included.
    public func secondsFromUTC(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let instant = seconds.isFinite ? Int(max(min(seconds, 1e15), -1e15)) : 0
        guard let first = transitions.first, instant >= first else {
            return transitions.isEmpty ? rule?.secondsFromUTC(at: instant) ?? initialOffset : initialOffset
        }
        if let rule, instant >= transitions[transitions.count - 1] { return rule.secondsFromUTC(at: instant) }
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return offsetsFromTransition[low]
    }

    public var description: String { identifier }

    private static func fixedOffsetName(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let hours = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
        let rest = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
        return "UTC\(seconds < 0 ? "-" : "+")\(hours):\(rest)"
    }
}
