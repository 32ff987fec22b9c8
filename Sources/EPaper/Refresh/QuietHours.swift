/// A daily span of local time without full (flashing) refreshes, such as a bedroom at night. It may
/// cross midnight ("23:00-06:30").
public struct QuietHours: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Minutes after local midnight when the quiet hours start.
    public var startMinute: Int
    /// Minutes after local midnight when they end (exclusive).
    public var endMinute: Int

    /// Quiet hours from `startMinute` to `endMinute` (minutes after local midnight).
    public init(startMinute: Int, endMinute: Int) {
        precondition((0..<1440).contains(startMinute) && (0..<1440).contains(endMinute), "quiet hours are minutes of a day")
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// Parses "HH:MM-HH:MM" (24-hour clock); `nil` when malformed.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let start = QuietHours.minute(parts[0]), let end = QuietHours.minute(parts[1]) else {
            return nil
        }
        self.init(startMinute: start, endMinute: end)
    }

    /// Whether a local minute of the day falls inside.
    public func contains(minuteOfDay minute: Int) -> Bool {
        if startMinute == endMinute { return false }
        if startMinute < endMinute { return minute >= startMinute && minute < endMinute }
        return minute >= startMinute || minute < endMinute
    }

    public var description: String { QuietHours.text(startMinute) + "-" + QuietHours.text(endMinute) }

    private static func minute(_ text: Substring) -> Int? {
        let fields = text.filter { $0 != " " }.split(separator: ":")
        guard fields.count == 2, let hour = Int(fields[0]), let minute = Int(fields[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    private static func text(_ minute: Int) -> String {
        let hour = minute / 60, rest = minute % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
