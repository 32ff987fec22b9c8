import Foundation
import HubAssembly
@testable import HubConfig
import Sensors
import Testing

/// The sensors `weatherctl preview` draws without the service: the demo's, or what the service last wrote.
@Suite("Preview sensors")
struct PreviewSensorsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("demo weather without an intake: the demo's three sensors, read as of now")
    func demoSensors() async throws {
        let configuration = try ConfigFixture().load("provider:\n  demo: true\n")
        #expect(configuration.usesDemoSensors)
        let store = try #require(try await configuration.previewSensors(at: now, scratchDirectory: "/nonexistent"))
        let snapshots = await store.snapshots()
        #expect(Set(snapshots.map(\.displayName)) == ["Balcony", "Living room", "Attic"])
        #expect(snapshots.allSatisfy { $0.values[.temperature] != nil })
    }

    @Test("with a broker: what the service wrote, read from a copy while it runs and after it stopped; its files stay as they were")
    func savedReadings() async throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("provider:\n  demo: true\nmqtt:\n  host: 127.0.0.1\n")
        #expect(!configuration.usesDemoSensors)
        #expect(try await configuration.previewSensors(at: now, scratchDirectory: fixture.makeDirectory("scratch-0")) == nil, "no database yet")

        let state = fixture.makeDirectory("state")
        let settings = configuration.effectiveSensorSettings
        var service: SensorStore? = try SensorStore(settings: settings, now: { now })
        await SensorIntake(settings: settings, store: service!).process(
            IncomingMessage(topic: "zigbee2mqtt/porch", payload: Array(#"{"temperature":4.5}"#.utf8), arrivedAt: now))
        try await service!.flush()

        for (index, serviceRuns) in [true, false].enumerated() {
            if !serviceRuns { service = nil }
            let before = try stateFiles(in: state)
            let store = try #require(try await configuration.previewSensors(at: now, scratchDirectory: fixture.makeDirectory("scratch-\(index + 1)")))
            #expect(await store.snapshot(of: SensorID("zigbee2mqtt/porch"))?.values[.temperature]?.value == 4.5, "service runs: \(serviceRuns)")
            #expect(try stateFiles(in: state) == before, "service runs: \(serviceRuns)")
        }
    }

    /// The state directory's files with their sizes and modification times.
    private func stateFiles(in directory: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            files[name] = "\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0)"
        }
        return files
    }

    @Test("no intake and real weather: no sensors")
    func noSensors() async throws {
        let configuration = try ConfigFixture().load("provider:\n  city: Lyon\n")
        #expect(try await configuration.previewSensors(at: now, scratchDirectory: "/nonexistent") == nil)
    }

    @Test("a database that cannot be read is an error that names it, not an empty preview")
    func unreadableDatabase() async throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("provider:\n  demo: true\nmqtt:\n  host: 127.0.0.1\n")
        fixture.makeDirectory("state")
        let path = try #require(configuration.sensors.store.databasePath)
        fixture.write("not a database", to: "state/" + URL(fileURLWithPath: path).lastPathComponent)
        await #expect(throws: SensorStoreError.self) {
            try await configuration.previewSensors(at: now, scratchDirectory: fixture.makeDirectory("scratch"))
        }
    }
}
