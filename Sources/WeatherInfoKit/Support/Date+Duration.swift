import FoundationEssentials
import HubSystem

extension Date {
    /// The instant `duration` later.
    static func + (date: Date, duration: Duration) -> Date {
        date.addingTimeInterval(duration.timeInterval)
    }
}
