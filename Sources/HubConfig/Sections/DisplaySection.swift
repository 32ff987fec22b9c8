import WeatherWidgets

/// `display:` — the clock and the language; the units are the provider's (`provider.units`).
enum DisplaySection {
    static func read(_ root: ConfigMapping) -> DisplaySettings {
        let section = root.section("display")
        let clock = section.choice("clock", default: ClockStyle.twentyFourHour)
        let codes = PanelLanguage.allCases.map(\.rawValue)
        let language = section.scalar(
            "language", default: PanelLanguage.english, expected: "one of " + codes.joined(separator: ", "),
            suggestion: { text in
                let spoken = "the panel speaks " + PanelLanguage.allCases.map { "\($0.rawValue) (\($0.nativeName))" }.joined(separator: ", ")
                return Suggestion.closest(to: text, in: codes).map { "did you mean `\($0)`? \(spoken)" } ?? spoken
            }
        ) { PanelLanguage(code: $0) }
        section.finish()
        return DisplaySettings(language: language, clock: clock)
    }
}
