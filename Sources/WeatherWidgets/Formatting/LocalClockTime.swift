#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import WeatherInfoKit

/// A moment as a clock at a place shows it, computed from the UTC instant and the place's UTC offset
/// with integer arithmetic (no ICU formatters).
struct LocalClockTime: Sendable, Hashable {
    var date: LocalDate
    var hour: Int
    var minute: Int

    init(_ instant: Date, utcOffsetSeconds: Int) {
        date = LocalDate(containing: instant, utcOffsetSeconds: utcOffsetSeconds)
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
    }

    /// "14:05" or "2:05 pm".
    func timeText(_ style: ClockStyle) -> String {
        switch style {
        case .twentyFourHour: "\(twoDigits(hour)):\(twoDigits(minute))"
        case .twelveHour: "\(twelveHour):\(twoDigits(minute)) \(hour < 12 ? "am" : "pm")"
        }
    }

    /// "14:00" or "2 pm": the label of an hour slot.
    func hourText(_ style: ClockStyle) -> String {
        switch style {
        case .twentyFourHour: "\(twoDigits(hour)):\(twoDigits(minute))"
        case .twelveHour: minute == 0 ? "\(twelveHour) \(hour < 12 ? "am" : "pm")" : timeText(style)
        }
    }

    private var twelveHour: Int { hour % 12 == 0 ? 12 : hour % 12 }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension LocalDate {
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Tuesday".
    var weekdayName: String { Self.weekdayNames[weekday - 1] }
    /// "Tue".
    var shortWeekdayName: String { String(weekdayName.prefix(3)) }
    /// "Tue 14 May".
    var shortText: String { "\(shortWeekdayName) \(day) \(Self.monthNames[month - 1])" }
    /// "Tuesday 14 May".
    var longText: String { "\(weekdayName) \(day) \(Self.monthNames[month - 1])" }
}

extension TimeZoneRules {
    /// The next midnight in this zone after `instant`, daylight saving included.
    func nextMidnight(after instant: Date) -> Date {
        let today = LocalDate(containing: instant, utcOffsetSeconds: secondsFromUTC(at: instant))
        let tomorrow = today.adding(days: 1)
        let guess = tomorrow.start(utcOffsetSeconds: secondsFromUTC(at: instant))
        let corrected = tomorrow.start(utcOffsetSeconds: secondsFromUTC(at: guess))
        return secondsFromUTC(at: corrected) == secondsFromUTC(at: guess) ? corrected : guess
    }

    /// The date in this zone at `instant`.
    func localDate(at instant: Date) -> LocalDate {
        LocalDate(containing: instant, utcOffsetSeconds: secondsFromUTC(at: instant))
    }
}
