import Foundation

/// The OpenWeatherMap samples in `Fixtures/` (see `Fixtures/NOTES.md` for where each comes from).
enum Fixture {
    static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    struct FixtureMissing: Error {
        var name: String
    }
}
