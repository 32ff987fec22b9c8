import WeatherInfoKit

/// Looking a city name up through the configured weather source.
enum CityLookup {
    /// The places matching `name`, only in `country` when one is given.
    static func candidates(name: String, country: String?, in source: any WeatherSource) async throws(WeatherFault) -> [Location] {
        let query = country.map { "\(name),\($0)" } ?? name
        let found = try await source.locations(matching: query)
        guard let country else { return found }
        return found.filter { $0.countryCode?.uppercased() == country }
    }

    /// `1. Paris, FR (48.86, 2.35)` lines, the numbers `--pick` takes.
    static func numberedList(_ places: [Location]) -> String {
        places.enumerated().map { index, place in
            let position = place.coordinates.map { " (\(rounded($0.latitude)), \(rounded($0.longitude)))" } ?? ""
            return "  \(index + 1). \(place.displayName)\(position)"
        }.joined(separator: "\n")
    }

    private static func rounded(_ value: Double) -> String {
        String((value * 100).rounded() / 100)
    }
}

extension WeatherFault {
    /// Faults that say the lookup cannot be made now (offline, no key yet), not that the name is wrong:
    /// the name is stored as typed and the service looks it up later.
    var leavesLookupToService: Bool {
        switch self {
        case .timedOut, .hostNotFound, .connectionRefused, .network, .responseCutOff, .serverError, .keyMissing,
            .keyNotActiveYet, .rateLimited, .dailyLimitReached:
            true
        default:
            false
        }
    }
}
