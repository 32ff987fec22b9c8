import Foundation
import HubActions
import HubTestSupport
import SharedDefaultsKit
import Testing
import WeatherInfoKit

/// The one city use case `weatherctl city set` and the MQTT city command share, against the demo's
/// geocoding and a provider that cannot be reached.
@Suite("City change")
struct CityChangeTests {
    let demo = CityChange(source: DemoWeatherSource(), provider: .demo)

    @Test("one match is found; several are refused unless picked; none is refused")
    func lookups() async throws {
        #expect(try await demo.choose(.init(name: " Zürich ")) == .found(Location(
            name: "Zürich", countryCode: "CH", coordinates: Coordinates(latitude: 47.3744, longitude: 8.541))))
        await #expect(throws: CityChangeRefusal.self) { try await demo.choose(.init(name: "Paris")) }
        do {
            _ = try await demo.choose(.init(name: "Paris"))
        } catch {
            guard case .ambiguous(let name, let candidates) = error else { throw error }
            #expect(name == "Paris" && candidates.map(\.displayName) == ["Paris, FR", "Paris, TX, US"])
        }
        #expect(try await demo.choose(.init(name: "Paris", pick: 2)).location.displayName == "Paris, TX, US")
        #expect(try await demo.choose(.init(name: "Paris", country: "us")).location.displayName == "Paris, TX, US")
        await #expect(throws: CityChangeRefusal.pickOutOfRange(pick: 3, name: "Paris", matches: 2)) {
            try await demo.choose(.init(name: "Paris", pick: 3))
        }
        await #expect(throws: CityChangeRefusal.notFound(name: "Atlantis", country: nil)) {
            try await demo.choose(.init(name: "Atlantis"))
        }
    }

    @Test("bad names and countries are refused before any lookup", arguments: [
        ("", nil, CityChangeRefusal.emptyName),
        (String(repeating: "x", count: 201), nil, .nameTooLong(characters: 201)),
        ("Ly\u{7}on", nil, .controlCharacters),
        ("Lyon", "France", .invalidCountry("France")),
    ] as [(String, String?, CityChangeRefusal)])
    func badInput(_ name: String, _ country: String?, _ refusal: CityChangeRefusal) async {
        await #expect(throws: refusal) { try await CityChange(source: nil, provider: .demo).choose(.init(name: name, country: country)) }
        #expect(refusal.isInvalidInput)
    }

    @Test("not looking up, or a provider that cannot be reached now, stores the name as typed")
    func asTyped() async throws {
        #expect(try await demo.choose(.init(name: "Lyon", country: "fr", verify: false)) == .asTyped(Location(name: "Lyon", countryCode: "FR"), fault: nil))
        let port = try RefusingPort()
        let directory = NSTemporaryDirectory() + "city-change-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let unreachable = WeatherService(
            openMeteo: OpenMeteoConfiguration(geocodingURL: port.baseURL), cacheDirectory: directory,
            transport: HTTPClientTransport(configuration: .init(allowsPlainHTTP: true)))
        let choice = try await CityChange(source: unreachable, provider: .openMeteo).choose(.init(name: "Lyon"))
        guard case .asTyped(let location, let fault?) = choice else {
            Issue.record("expected the name as typed with the fault, got \(choice)")
            return
        }
        #expect(location == Location(name: "Lyon") && fault.leavesLookupToService)
    }

    @Test("the choice is stored durably as the shared city")
    func stores() async throws {
        let directory = NSTemporaryDirectory() + "city-change-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let defaults = try SharedDefaults(suiteName: "weatherhub", containerDirectory: directory)
        try demo.store(try await demo.choose(.init(name: "Kathmandu")), in: defaults)
        #expect(try SharedDefaults(suiteName: "weatherhub", containerDirectory: directory).value(for: .city)?.name == "Kathmandu")
    }
}
