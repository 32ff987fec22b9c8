import HubActions
import HubSystem
import WeatherInfoKit

/// The answer to the last city command, retained on `<base>/city/result` so whoever sent it (and Home
/// Assistant's "City change" sensor) sees what became of it.
struct CityCommandResult: Sendable, Equatable {
    enum Outcome: String, Sendable {
        /// One place matched and is on its way to the panel.
        case saved
        /// Stored as sent: the lookup cannot be made now (offline, no key yet); the service looks it up later.
        case savedAsTyped = "saved_as_typed"
        /// Not a place name (empty, too long, control characters): nothing changed.
        case refused
        /// No place has this name: nothing changed.
        case notFound = "not_found"
        /// Several places have this name: nothing changed; `candidates` lists them as they can be sent back.
        case ambiguous
        /// The lookup or the shared store failed: nothing changed.
        case failed
    }

    var request: String
    var outcome: Outcome
    var city: String?
    var message: String
    var candidates: [String] = []

    /// A saved city.
    init(request: String, choice: CityChange.Choice, provider: WeatherProvider) {
        self.request = request
        city = choice.location.displayName
        switch choice {
        case .found(let location):
            outcome = .saved
            message = "Saved \(location.displayName)."
        case .asTyped(let location, let fault):
            outcome = .savedAsTyped
            let why = fault.map { " (\($0.message(from: provider)))" } ?? ""
            message = "Saved \(location.displayName) as sent; it is looked up once the provider answers\(why)."
        }
    }

    /// A city change that stored nothing, with the next step over MQTT.
    init(request: String, refusal: CityChangeRefusal) {
        self.request = request
        switch refusal {
        case .notFound:
            outcome = .notFound
            message = "\(refusal); check the spelling, or add the country: \"Name, CC\""
        case .ambiguous(_, let places):
            outcome = .ambiguous
            candidates = places.map(\.displayName)
            message = "\(refusal); send one of them as it is written here: \(candidates.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .lookupFailed, .pickOutOfRange, .notSaved:
            outcome = .failed
            message = "\(refusal)"
        case .emptyName, .nameTooLong, .controlCharacters, .invalidCountry:
            outcome = .refused
            message = "\(refusal)"
        }
    }

    var payload: JSONValue {
        .object([
            "value": .string(outcome.rawValue),
            "attributes": .object([
                "request": .string(String(request.prefix(CityChange.maximumNameLength))), "city": .optional(city),
                "message": .string(message), "candidates": .array(candidates.map(JSONValue.string)),
            ]),
        ])
    }
}
