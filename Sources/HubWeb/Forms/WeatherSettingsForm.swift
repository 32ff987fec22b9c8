import HubConfig
import WeatherInfoKit
import WeatherWidgets

/// The Weather page's settings as a form: the weather source and its fallback, the units, the panel's
/// language and clock. Each field must be one of its choices; anything else is refused by name.
struct WeatherSettingsForm: Sendable, Equatable {
    var source: ProviderSettings.Source
    var fallback: ProviderSettings.Fallback
    var units: Units
    var language: PanelLanguage
    var clock: ClockStyle

    /// The settings `configuration` has.
    init(_ configuration: HubConfiguration) {
        source = configuration.provider.source
        fallback = configuration.provider.fallback
        units = configuration.display.units
        language = configuration.display.language
        clock = configuration.display.clock
    }

    /// The settings a posted form asks for.
    init(form: WebForm) throws(WebFormRefusal) {
        source = try Self.choice(form, "source", ProviderSettings.Source.self, name: "weather source")
        fallback = try Self.choice(form, "fallback", ProviderSettings.Fallback.self, name: "fallback")
        units = try Self.choice(form, "units", Units.self, name: "units")
        language = try Self.choice(form, "language", PanelLanguage.self, name: "language")
        clock = try Self.choice(form, "clock", ClockStyle.self, name: "clock")
    }

    /// The file's changes that turn `current` into these settings, each with its words for the page
    /// ("language: Deutsch"): only the settings that differ, so a key the file leaves to its default stays
    /// out of it. A source other than OpenWeatherMap has no fallback.
    func changes(from current: WeatherSettingsForm) -> [(edit: ConfigEdit, text: String)] {
        let fallback = source == .openWeatherMap ? fallback : .none
        var changes: [(edit: ConfigEdit, text: String)] = []
        func change(_ keyPath: [String], _ value: String, differs: Bool, _ text: String) {
            if differs { changes.append((ConfigEdit(keyPath, .text(value)), text)) }
        }
        change(["provider", "source"], source.rawValue, differs: source != current.source, "weather from \(Self.label(of: source))")
        change(["provider", "fallback"], fallback.rawValue, differs: fallback != current.fallback, "fallback: \(Self.label(of: fallback))")
        change(["provider", "units"], units.rawValue, differs: units != current.units, "units: \(Self.label(of: units))")
        change(["display", "language"], language.rawValue, differs: language != current.language, "language: \(language.nativeName.capitalizedFirst)")
        change(["display", "clock"], clock.rawValue, differs: clock != current.clock, "clock: \(Self.label(of: clock))")
        return changes
    }

    /// The choices as the page's menus show them, this form's selected.
    var menus: WeatherPage.Settings.Menus {
        WeatherPage.Settings.Menus(
            sources: ProviderSettings.Source.allCases.map { Option($0.rawValue, Self.label(of: $0), $0 == source) },
            fallbacks: ProviderSettings.Fallback.allCases.map { Option($0.rawValue, Self.label(of: $0), $0 == fallback) },
            units: Units.allCases.map { Option($0.rawValue, Self.label(of: $0), $0 == units) },
            languages: PanelLanguage.allCases.map { Option($0.rawValue, $0.nativeName.capitalizedFirst, $0 == language) },
            clocks: ClockStyle.allCases.map { Option($0.rawValue, Self.label(of: $0), $0 == clock) })
    }

    private typealias Option = MenuOption

    private static func label(of source: ProviderSettings.Source) -> String {
        switch source {
        case .openWeatherMap: "OpenWeatherMap (needs a key)"
        case .openMeteo: "Open-Meteo (no key; non-commercial use)"
        case .demo: "Demo data (no network)"
        }
    }

    private static func label(of fallback: ProviderSettings.Fallback) -> String {
        switch fallback {
        case .none: "none (show the last good data)"
        case .openMeteo: "Open-Meteo"
        }
    }

    private static func label(of clock: ClockStyle) -> String {
        clock == .twentyFourHour ? "24-hour (14:05)" : "12-hour (2:05 PM)"
    }

    private static func label(of units: Units) -> String {
        switch units {
        case .metric: "Metric: °C, m/s"
        case .imperial: "Imperial: °F, mph"
        case .standard: "Standard: K, m/s"
        }
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ form: WebForm, _ field: String, _ type: Choice.Type, name: String
    ) throws(WebFormRefusal) -> Choice where Choice.RawValue == String {
        guard let value = form[field], let choice = Choice(rawValue: value) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw WebFormRefusal("The \(name) must be one of \(known); nothing was saved.")
        }
        return choice
    }
}

/// A posted form with a value outside its choices.
struct WebFormRefusal: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
