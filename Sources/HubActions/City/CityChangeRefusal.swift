public import SharedDefaultsKit
public import WeatherInfoKit

/// Why a city change stores nothing. Each front end adds its own next step (`--pick N` for the CLI, a
/// name with its country for MQTT) to `description`.
public enum CityChangeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyName
    case nameTooLong(characters: Int)
    case controlCharacters
    /// Not a two-letter ISO 3166 code, as given.
    case invalidCountry(String)
    /// No place has this name (in this country).
    case notFound(name: String, country: String?)
    /// Several places have this name; none was picked.
    case ambiguous(name: String, candidates: [Location])
    /// The pick is not one of the matches' numbers (`matches` is 0 for a pick below 1).
    case pickOutOfRange(pick: Int, name: String, matches: Int)
    /// The lookup failed for a reason that is not "try later" (a refused key, a bad answer), in words.
    case lookupFailed(String)
    /// The place was found but the shared defaults could not be written.
    case notSaved(SharedDefaultsError)

    /// The name itself is wrong (a usage error for the CLI), as opposed to a lookup's answer.
    public var isInvalidInput: Bool {
        switch self {
        case .emptyName, .nameTooLong, .controlCharacters, .invalidCountry: true
        case .notFound, .ambiguous, .pickOutOfRange, .lookupFailed, .notSaved: false
        }
    }

    public var description: String {
        switch self {
        case .emptyName:
            "the city name is empty"
        case .nameTooLong(let characters):
            "the city name is \(characters) characters long; names are limited to \(CityChange.maximumNameLength)"
        case .controlCharacters:
            "the city name contains control characters; type the name as plain text"
        case .invalidCountry(let raw):
            "`\(raw)` is not a two-letter country code (ISO 3166, e.g. FR, US, JP)"
        case .notFound(let name, let country):
            "no place named \"\(name)\"\(country.map { " in \($0)" } ?? "")"
        case .ambiguous(let name, _):
            "several places match \"\(name)\""
        case .pickOutOfRange(let pick, let name, let matches):
            pick < 1 ? "the pick counts from 1" : "pick \(pick): only \(matches) places match \"\(name)\""
        case .lookupFailed(let message):
            "cannot look the name up: \(message)"
        case .notSaved(let error):
            "\(error)"
        }
    }
}
