import Foundation
import HubTestSupport
import SharedDefaultsKit
import Testing
import WeatherInfoKit

/// "Once the CLI says it is saved, it is saved": the CLI and the service are killed with SIGKILL at random
/// points of a city change, again and again, and the shared store always holds the old or the new city,
/// never a torn file.
@Suite("Shared store under SIGKILL", .serialized)
struct SharedStoreCrashTests {
    @Test("killing weatherctl and weatherhub mid-change leaves the old or the new city, never a torn store")
    func killedMidChange() throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        try hub.startService()
        var generator = SystemRandomNumberGenerator()
        let cities = ["Paris", "Zürich"]
        var expected: Set<String> = ["Lyon"]
        for round in 0..<40 {
            let next = cities[round % 2]
            let ctl = try hub.startCtl(["city", "set", next, "--no-verify"])
            // Anywhere from before the lock to after the rename.
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            kill(ctl.processIdentifier, SIGKILL)
            if round % 8 == 7 { hub.killService() }
            ctl.waitUntilExit()
            expected.insert(next)

            let stored = try currentCity(in: hub)
            #expect(expected.contains(stored.name), "round \(round): \(stored.name)")
            // Whatever was there, a completed change is saved for good.
            if ctl.terminationReason == .exit {
                #expect(ctl.terminationStatus == 0)
                #expect(stored.name == next, "round \(round): weatherctl finished but the store holds \(stored.name)")
            }
            expected = [stored.name, cities[(round + 1) % 2]]
            if round % 8 == 7 { try hub.startService() }
        }
        #expect(hub.stopService() == 0)
    }

    /// The stored city read as the service reads it; a torn or unreadable file fails the test.
    private func currentCity(in hub: HubSandbox) throws -> Location {
        let defaults = try SharedDefaults(suiteName: "weatherhub", containerDirectory: hub.stateDirectory + "/shared")
        let (values, problem) = defaults.read()
        #expect(problem == nil, "the store could not be read: \(problem.map { "\($0)" } ?? "")")
        return values[.city] ?? Location(name: "Lyon")
    }
}
