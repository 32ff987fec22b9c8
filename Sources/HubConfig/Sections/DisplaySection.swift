/// How values are written on the panel, beyond the unit system (`provider.units`).
public struct DisplaySettings: Sendable, Hashable {
    /// How times of day are written.
    public enum Clock: String, Sendable, Hashable, CaseIterable {
        /// `14:05`.
        case twentyFourHour = "24h"
        /// `2:05 PM`.
        case twelveHour = "12h"
    }

    /// Default `24h`.
    public var clock: Clock

    /// Settings as given; a 24-hour clock by default.
    public init(clock: Clock = .twentyFourHour) {
        self.clock = clock
    }
}

/// `display:` — see `DisplaySettings`.
enum DisplaySection {
    static func read(_ root: ConfigMapping) -> DisplaySettings {
        let section = root.section("display")
        let settings = DisplaySettings(clock: section.choice("clock", default: DisplaySettings.Clock.twentyFourHour))
        section.finish()
        return settings
    }
}
