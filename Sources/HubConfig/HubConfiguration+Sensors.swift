#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Sensors

extension HubConfiguration {
    /// Whether the demo's sensors report: demo weather, and neither a broker nor a socket feed to read.
    public var usesDemoSensors: Bool {
        provider.source == .demo && !hasSensorIntake
    }

    /// Whether a broker or a socket feed brings readings.
    public var hasSensorIntake: Bool {
        sensors.broker != nil || sensors.socketFeed.isEnabled
    }

    /// The sensor settings the service runs with: the configured ones, plus the demo sensors' names and
    /// roles when they report.
    public var effectiveSensorSettings: SensorSettings {
        var settings = sensors
        if usesDemoSensors { settings.profiles += DemoSensorFeed.profiles }
        return settings
    }

    /// The sensors a preview shows without the service: the demo sensors' readings as of `now` when they
    /// report, else what the service last wrote to its database, else none (no intake configured, or no
    /// database yet).
    /// - Throws: `SensorStoreError` when the service's database exists but cannot be read.
    public func previewSensors(at now: Date) async throws(SensorStoreError) -> SensorStore? {
        var settings = effectiveSensorSettings
        if usesDemoSensors {
            settings.store.databasePath = nil
            let store = try SensorStore(settings: settings, now: { now })
            await DemoSensorFeed.report(to: SensorIntake(settings: settings, store: store), at: now)
            return store
        }
        guard hasSensorIntake, let path = settings.store.databasePath, FileManager.default.fileExists(atPath: path) else { return nil }
        return try SensorStore(settings: settings, readOnly: true, now: { now })
    }
}
