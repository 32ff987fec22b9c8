import Foundation

/// Checks a city name typed on the command line before anything is stored or sent.
enum CityName {
    /// Longer names are refused (the longest real place names are under 100 characters).
    static let maximumLength = 200

    /// The trimmed name, or a failure saying what is wrong with it.
    static func validated(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw CLIFailure("the city name is empty; e.g. `weatherctl city set Lyon --country FR`", .usage) }
        guard name.count <= maximumLength else {
            throw CLIFailure("the city name is \(name.count) characters long; names are limited to \(maximumLength)", .usage)
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw CLIFailure("the city name contains control characters; type the name as plain text", .usage)
        }
        return name
    }

    /// A two-letter ISO 3166 country code, upper-cased.
    static func validatedCountry(_ raw: String?) throws -> String? {
        guard let raw else { return nil }
        let code = raw.uppercased()
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw CLIFailure("`\(raw)` is not a two-letter country code (ISO 3166, e.g. FR, US, JP)", .usage)
        }
        return code
    }
}
