public import FoundationEssentials
import HubSystem

/// A calendar date (proleptic Gregorian) at a place, computed from a UTC instant and the place's UTC
/// offset with integer arithmetic, so it never depends on the machine's time zone or on ICU.
public struct LocalDate: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date at a place `utcOffsetSeconds` from UTC when the instant happens.
    public init(containing instant: Date, utcOffsetSeconds: Int) {
        let localSeconds = Int(instant.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        self.init(daysSinceEpoch: localSeconds.floorDivided(by: 86_400))
    }

    /// The date `days` after 1970-01-01 (negative before).
    init(daysSinceEpoch days: Int) {
        (year, month, day) = CivilTime.date(days: days)
    }

    /// Days from 1970-01-01 to this date.
    var daysSinceEpoch: Int {
        CivilTime.days(year: year, month: month, day: day)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whole days from this date to `other` (negative when `other` is earlier).
    public func days(until other: LocalDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The instant this date begins (local midnight) at a place with that UTC offset.
    public func start(utcOffsetSeconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(daysSinceEpoch * 86_400 - utcOffsetSeconds))
    }

    /// Day of the week: 1 = Sunday … 7 = Saturday (the numbering `Calendar` uses).
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        (daysSinceEpoch + 4).floorModulo(7) + 1
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601: "2026-03-29".
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}

extension Int {
    /// Division rounding towards negative infinity (the local day of an instant before 1970 or west of
    /// Greenwich must not round towards zero).
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder that has the divisor's sign.
    func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}
