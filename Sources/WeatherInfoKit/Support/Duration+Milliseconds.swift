import FoundationEssentials
import HubSystem

extension Duration {
    /// The duration in whole milliseconds, rounded up so a short limit never becomes zero ("no limit"
    /// for libcurl).
    var wholeMilliseconds: Int {
        let parts = components
        let fraction = parts.attoseconds > 0 ? (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000 : 0
        return Int(parts.seconds) * 1000 + Int(fraction)
    }
}

extension Date {
    /// The instant `duration` later.
    static func + (date: Date, duration: Duration) -> Date {
        date.addingTimeInterval(duration.timeInterval)
    }
}
