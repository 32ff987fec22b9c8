import Foundation
public import SharedDefaultsKit
public import WeatherInfoKit

/// Choosing the city the weather widgets show: what `weatherctl city set` does, and the hub's MQTT city
/// command with it, so both behave the same. A name is checked, looked up through the weather source
/// (its geocoding: OpenWeatherMap's, Open-Meteo's or the demo's), and stored in the shared defaults
/// only when exactly one place matches (or a numbered pick chooses one). Offline, or without a key yet,
/// the name is stored as typed and the service looks it up later. Nothing is stored for a bad, unknown
/// or ambiguous name. Reloading the widgets afterwards is the caller's: `weatherctl` waits for the
/// panel over the control socket, the service reloads in place; both as a person's request.
public struct CityChange: Sendable {
    /// Longer names are refused (the longest real place names are under 100 characters).
    public static let maximumNameLength = 200

    /// What to look up: a name as typed (`Paris` or `Paris, FR`), optionally only in one country, and a
    /// pick among several matches (counting from 1, as `city search` lists them).
    public struct Request: Sendable, Hashable {
        /// As typed, checked by `validatedName`.
        public var name: String
        /// Only places in this country (ISO 3166 alpha-2).
        public var country: String?
        /// The Nth of several matches, counting from 1.
        public var pick: Int?
        /// Look the name up; `false` stores it as typed (`--no-verify`).
        public var verify: Bool

        /// A request as given; by default looked up, without country or pick.
        public init(name: String, country: String? = nil, pick: Int? = nil, verify: Bool = true) {
            self.name = name
            self.country = country
            self.pick = pick
            self.verify = verify
        }
    }

    /// The place to store.
    public enum Choice: Sendable, Hashable {
        /// The one place that matched (or the one picked).
        case found(Location)
        /// The name as typed, not looked up: verification was not asked for, or `fault` says why the
        /// lookup cannot be made now (the service looks the name up later).
        case asTyped(Location, fault: WeatherFault?)

        /// The location either way.
        public var location: Location {
            switch self {
            case .found(let location), .asTyped(let location, _): location
            }
        }
    }

    /// The weather source whose geocoding answers; `nil` when none can be made (the configuration has
    /// problems): names are then stored as typed.
    public let source: (any WeatherSource)?
    /// The provider named in fault messages.
    public let provider: WeatherProvider

    /// A city change that looks names up through `source`.
    public init(source: (any WeatherSource)?, provider: WeatherProvider) {
        self.source = source
        self.provider = provider
    }

    /// The trimmed name, or why it cannot be a place name.
    public static func validatedName(_ raw: String) throws(CityChangeRefusal) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyName }
        guard name.count <= maximumNameLength else { throw .nameTooLong(characters: name.count) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacters
        }
        return name
    }

    /// A two-letter ISO 3166 country code, upper-cased.
    public static func validatedCountry(_ raw: String?) throws(CityChangeRefusal) -> String? {
        guard let raw else { return nil }
        let code = raw.uppercased()
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw .invalidCountry(raw)
        }
        return code
    }

    /// The places matching `name`, only in `country` when one is given (`weatherctl city search`).
    public static func candidates(name: String, country: String?, in source: any WeatherSource) async throws(WeatherFault) -> [Location] {
        let query = country.map { "\(name),\($0)" } ?? name
        let found = try await source.locations(matching: query)
        guard let country else { return found }
        return found.filter { $0.countryCode?.uppercased() == country }
    }

    /// The place a request chooses, checked and looked up; nothing is stored.
    public func choose(_ request: Request) async throws(CityChangeRefusal) -> Choice {
        let name = try Self.validatedName(request.name)
        let country = try Self.validatedCountry(request.country)
        if let pick = request.pick, pick < 1 { throw .pickOutOfRange(pick: pick, name: name, matches: 0) }
        let typed = Location(name: name, countryCode: country)
        guard request.verify, let source else { return .asTyped(typed, fault: nil) }
        let candidates: [Location]
        do throws(WeatherFault) {
            candidates = try await Self.candidates(name: name, country: country, in: source)
        } catch let error where error.leavesLookupToService {
            return .asTyped(typed, fault: error)
        } catch {
            throw .lookupFailed(error.message(from: provider))
        }
        guard !candidates.isEmpty else { throw .notFound(name: name, country: country) }
        if let pick = request.pick {
            guard pick <= candidates.count else { throw .pickOutOfRange(pick: pick, name: name, matches: candidates.count) }
            return .found(candidates[pick - 1])
        }
        guard candidates.count == 1 else { throw .ambiguous(name: name, candidates: candidates) }
        return .found(candidates[0])
    }

    /// Stores the chosen place durably as the shared `.city`: once this returns, it survives a crash.
    /// - Throws: `SharedDefaultsError` when the shared store cannot be written.
    public func store(_ choice: Choice, in defaults: SharedDefaults) throws {
        try defaults.set(choice.location, for: .city)
    }
}

extension WeatherFault {
    /// Faults that say the lookup cannot be made now (offline, no key yet), not that the name is wrong:
    /// the name is stored as typed and the service looks it up later.
    public var leavesLookupToService: Bool {
        switch self {
        case .timedOut, .hostNotFound, .connectionRefused, .network, .responseCutOff, .serverError, .keyMissing,
            .keyNotActiveYet, .rateLimited, .dailyLimitReached:
            true
        default:
            false
        }
    }
}
