/// How times of day are written on the panel.
public enum ClockStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// "14:05".
    case twentyFourHour
    /// "2:05 pm".
    case twelveHour
}
