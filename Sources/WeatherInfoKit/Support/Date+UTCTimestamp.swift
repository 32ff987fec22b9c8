import FoundationEssentials

extension Date {
    /// "2026-03-29 14:05 UTC", for messages and logs, computed without ICU.
    var utcTimestamp: String {
        let seconds = Int(timeIntervalSince1970.rounded(.down))
        let secondOfDay = seconds.floorModulo(86_400)
        let hour = secondOfDay / 3600, minute = secondOfDay % 3600 / 60
        let date = LocalDate(containing: self, utcOffsetSeconds: 0)
        return "\(date) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
    }
}
