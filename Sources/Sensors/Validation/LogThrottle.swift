#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A budget of log lines per minute (across the whole intake, or all of the hub's MQTT commands): a
/// flood of bad messages produces at most `linesPerMinute` lines, and the next permitted line says how
/// many were held back.
public struct LogThrottle: Sendable {
    /// Lines written at most in any minute.
    public let linesPerMinute: Int
    private var windowStart: Date?
    private var emitted = 0
    private var suppressed = 0

    /// A budget of `linesPerMinute` lines (none when negative).
    public init(linesPerMinute: Int) {
        self.linesPerMinute = max(0, linesPerMinute)
    }

    /// Whether a line may be written at `now`, and how many were suppressed since the last one written.
    public mutating func permit(at now: Date) -> (allowed: Bool, suppressedBefore: Int) {
        if windowStart.map({ now.timeIntervalSince($0) >= 60 || now < $0 }) ?? true {
            windowStart = now
            emitted = 0
        }
        guard emitted < linesPerMinute else {
            suppressed += 1
            return (false, 0)
        }
        emitted += 1
        defer { suppressed = 0 }
        return (true, suppressed)
    }
}
