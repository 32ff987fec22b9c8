/// How times of day are written on the panel; the raw values are the configuration's `display.clock`.
public enum ClockStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// "14:05".
    case twentyFourHour = "24h"
    /// "2:05 pm".
    case twelveHour = "12h"
}
