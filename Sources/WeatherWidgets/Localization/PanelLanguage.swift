/// The languages the panel speaks (`display.language`): every word the widgets draw, day and month
/// names, date order and decimal separator. The raw value is the configuration's code.
public enum PanelLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case italian = "it"
    case dutch = "nl"
    case polish = "pl"
    case swedish = "sv"

    /// The language of a code as people write it: `de`, `DE`, `de_CH`, `de-AT`, `de_DE.UTF-8`; `nil`
    /// for a language the panel does not speak.
    public init?(code: String) {
        let language = code.lowercased().prefix { $0.isLetter }
        self.init(rawValue: String(language))
    }

    /// The code OpenWeatherMap's `lang=` takes for descriptions in this language.
    public var providerCode: String { rawValue }

    /// The language's own name, for messages: "Deutsch".
    public var nativeName: String { locale.nativeName }

    /// The words and conventions of this language.
    var locale: PanelLocale {
        switch self {
        case .english: .english
        case .german: .german
        case .french: .french
        case .spanish: .spanish
        case .italian: .italian
        case .dutch: .dutch
        case .polish: .polish
        case .swedish: .swedish
        }
    }
}
