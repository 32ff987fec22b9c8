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

    /// 1…12, for a 12-hour clock.
    var twelveHour: Int { hour % 12 == 0 ? 12 : hour % 12 }
}

extension TimeZoneRules {
    /// The date in this zone at `instant`.
    func localDate(at instant: Date) -> LocalDate {
        LocalDate(containing: instant, utcOffsetSeconds: secondsFromUTC(at: instant))
    }
}
