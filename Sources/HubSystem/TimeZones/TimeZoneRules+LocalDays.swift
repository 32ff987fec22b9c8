#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension TimeZoneRules {
    /// The local calendar day of `instant` in this zone, as days since 1970-01-01 (`CivilTime.date(days:)`
    /// names it).
    public func localDay(at instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        let local = (seconds.isFinite ? Int(max(min(seconds, 1e15), -1e15)) : 0) + secondsFromUTC(at: instant)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The first instant of local day `day` (days since 1970-01-01): local midnight, or the end of a
    /// daylight saving gap that skips midnight. Days are 23 or 25 hours long where the clocks change.
    public func start(ofLocalDay day: Int) -> Date {
        let midnight = day * 86_400
        // The offset in force the day before, then the one in force at that guess.
        let guess = midnight - secondsFromUTC(at: Date(timeIntervalSince1970: Double(midnight - 86_400)))
        let corrected = midnight - secondsFromUTC(at: Date(timeIntervalSince1970: Double(guess)))
        let sameOffset =
            secondsFromUTC(at: Date(timeIntervalSince1970: Double(corrected)))
            == secondsFromUTC(at: Date(timeIntervalSince1970: Double(guess)))
        return Date(timeIntervalSince1970: Double(sameOffset ? corrected : guess))
    }

    /// The next local midnight after `instant` (the start of the next local day).
    public func nextMidnight(after instant: Date) -> Date {
        start(ofLocalDay: localDay(at: instant) + 1)
    }
}
