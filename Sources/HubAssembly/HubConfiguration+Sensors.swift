#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubConfig
import HubMQTT
public import Sensors

extension HubConfiguration {
    /// Whether the demo's sensors report: demo weather, and neither a broker nor a socket feed to read.
    public var usesDemoSensors: Bool {
        provider.source == .demo && !hasSensorIntake
    }

    /// The sensor settings the service runs with: the configured ones, the hub's own published topics
    /// (which the intake ignores), and the demo sensors' names and roles when they report.
    public var effectiveSensorSettings: SensorSettings {
        var settings = sensors
        settings.ownTopics = hubMQTT.publishedTopics
        if usesDemoSensors { settings.profiles += DemoSensorFeed.profiles }
        return settings
    }

    /// The sensors a preview shows without the service: the demo sensors' readings as of `now` when they
    /// report, else what the service last wrote to its database, else none (no intake configured, or no
    /// database yet). The service's database is never opened: a copy of it (with its write-ahead log) is
    /// read in `scratchDirectory`, which the caller removes afterwards.
    /// - Throws: `SensorStoreError` when the service's database exists but cannot be copied or read.
    public func previewSensors(at now: Date, scratchDirectory: String) async throws(SensorStoreError) -> SensorStore? {
        var settings = effectiveSensorSettings
        if usesDemoSensors {
            settings.store.databasePath = nil
            let store = try SensorStore(settings: settings, now: { now })
            let intake = SensorIntake(settings: settings, store: store)
            await DemoSensorFeed.backfill(to: intake, before: now)
            await DemoSensorFeed.report(to: intake, at: now)
            return store
        }
        guard hasSensorIntake, let path = settings.store.databasePath, FileManager.default.fileExists(atPath: path) else { return nil }
        let copy = scratchDirectory + "/sensors.sqlite"
        do {
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            if FileManager.default.fileExists(atPath: path + "-wal") {
                try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            }
        } catch {
            throw SensorStoreError(path: path, underlying: "\(error)")
        }
        settings.store.databasePath = copy
        return try SensorStore(settings: settings, now: { now })
    }
}
