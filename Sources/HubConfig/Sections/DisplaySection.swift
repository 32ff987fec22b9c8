public import WeatherWidgets

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
    /// Every word on the panel, its dates and numbers; default English.
    public var language: PanelLanguage

    /// Settings as given; a 24-hour clock in English by default.
    public init(clock: Clock = .twentyFourHour, language: PanelLanguage = .english) {
        self.clock = clock
        self.language = language
    }
}

/// `display:` — see `DisplaySettings`.
enum DisplaySection {
    static func read(_ root: ConfigMapping) -> DisplaySettings {
        let section = root.section("display")
        let clock = section.choice("clock", default: DisplaySettings.Clock.twentyFourHour)
        let codes = PanelLanguage.allCases.map(\.rawValue)
        let language = section.scalar(
            "language", default: PanelLanguage.english, expected: "one of " + codes.joined(separator: ", "),
            suggestion: { text in
                let spoken = "the panel speaks " + PanelLanguage.allCases.map { "\($0.rawValue) (\($0.nativeName))" }.joined(separator: ", ")
                return Suggestion.closest(to: text, in: codes).map { "did you mean `\($0)`? \(spoken)" } ?? spoken
            }
        ) { PanelLanguage(code: $0) }
        section.finish()
        return DisplaySettings(clock: clock, language: language)
    }
}
