import HubActions
import SharedDefaultsKit
import WeatherInfoKit

extension CLIFailure {
    /// The message and exit status for a city change that stores nothing, with the CLI's next step.
    init(refusal: CityChangeRefusal) {
        switch refusal {
        case .emptyName:
            self.init("\(refusal); e.g. `weatherctl city set Lyon --country FR`", .usage)
        case .nameTooLong, .controlCharacters, .invalidCountry:
            self.init("\(refusal)", .usage)
        case .notFound:
            self.init("\(refusal); check the spelling or try `weatherctl city search`", .cityNotFound)
        case .ambiguous(_, let candidates):
            self.init("\(refusal); run again with --pick N or --country CC:\n\(CityList.numbered(candidates))", .cityNotFound)
        case .pickOutOfRange(let pick, let name, let matches):
            self.init(pick < 1 ? "--pick counts from 1" : "--pick \(pick): only \(matches) places match \"\(name)\"", .cityNotFound)
        case .lookupFailed:
            self.init("\(refusal)")
        case .notSaved(let error):
            self.init("\(error)", error.code == .permissionDenied ? .permissionDenied : .failure)
        }
    }
}

/// Runs a city-change step, turning its refusal into the CLI's failure.
func refusals<T>(_ body: () async throws(CityChangeRefusal) -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw CLIFailure(refusal: error)
    }
}
