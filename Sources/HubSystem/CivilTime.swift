#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Proleptic Gregorian calendar arithmetic on plain integers (Howard Hinnant's days-from-civil), so
/// timestamps are read and written without ICU-backed calendars or formatters.
public enum CivilTime {
    /// Days since 1970-01-01 for a calendar date.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of a day count since 1970-01-01.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether a date exists (month 1–12, day within the month).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let next = month == 12 ? days(year: year + 1, month: 1, day: 1) : days(year: year, month: month + 1, day: 1)
        return day <= next - days(year: year, month: month, day: 1)
    }

    /// `2025-06-14T08:56:12Z`, with up to six fraction digits when the instant has a fraction and
    /// `withFraction` is true (without, the second the instant falls in).
    public static func iso8601(_ date: Date, withFraction: Bool = true) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = seconds.rounded(.down)
        var micros = withFraction ? Int(((seconds - whole) * 1_000_000).rounded()) : 0
        if micros == 1_000_000 {
            whole += 1
            micros = 0
        }
        guard micros > 0 else { return dateAndTime(Int(whole)) + "Z" }
        var fraction = pad(micros, 6)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return dateAndTime(Int(whole)) + "." + fraction + "Z"
    }

    /// `2026-10-25T02:30:00+01:00`: the instant's whole second as a clock `utcOffsetSeconds` ahead of UTC
    /// shows it, with that offset, so a repeated hour at a daylight saving change stays unambiguous.
    public static func iso8601(_ date: Date, utcOffsetSeconds offset: Int) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let local = dateAndTime(Int(seconds) + offset)
        let minutes = abs(offset) / 60
        return local + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`: RFC 9110's IMF-fixdate (HTTP's `Date`) of whole seconds since 1970.
    public static func httpDate(secondsSince1970 total: Int) -> String {
        let (dayCount, time) = dayAndTime(total)
        let (year, month, day) = CivilTime.date(days: dayCount)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((dayCount % 7) + 7) % 7]
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        return "\(weekday), \(pad(day, 2)) \(monthName) \(pad(year, 4)) \(time) GMT"
    }

    /// `2025-06-14T08:56:12` of whole seconds since 1970.
    private static func dateAndTime(_ total: Int) -> String {
        let (dayCount, time) = dayAndTime(total)
        let (year, month, day) = CivilTime.date(days: dayCount)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(time)"
    }

    /// The day count since 1970-01-01 of whole seconds since 1970, and the time of day as `hh:mm:ss`.
    private static func dayAndTime(_ total: Int) -> (days: Int, time: String) {
        let dayCount = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - dayCount * 86_400
        return (dayCount, "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))")
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
