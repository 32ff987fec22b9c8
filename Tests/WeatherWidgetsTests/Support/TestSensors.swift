import Foundation
import Sensors

/// A real sensor store on a SQLite file in a temporary directory, fed through the real intake.
enum TestSensors {
    static let profiles = [
        SensorProfile(match: "garden", displayName: "Garden", role: .outdoor),
        SensorProfile(match: "living", displayName: "Living room", role: .indoor),
        SensorProfile(match: "bedroom", displayName: "Bedroom", role: .room),
        SensorProfile(match: "cellar", displayName: "Cellar", role: .room, staleAfter: .seconds(1800)),
    ]

    /// A store whose clock is `now`, on a new database file.
    static func store(now: Date) throws -> SensorStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgets-sensors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let settings = SensorSettings(
            profiles: profiles, store: StoreSettings(databasePath: directory.appendingPathComponent("sensors.sqlite").path))
        return try SensorStore(settings: settings, now: { now })
    }

    /// Feeds one JSON reading for `sensor` that arrived `age` seconds before `now`.
    static func send(_ json: String, sensor: String, age: TimeInterval, to store: SensorStore, now: Date) async {
        let settings = SensorSettings(profiles: profiles)
        let intake = SensorIntake(settings: settings, store: store)
        await intake.process(
            IncomingMessage(topic: "sensors/\(sensor)", payload: Array(json.utf8), arrivedAt: now - age, decoder: .generic))
    }

    /// The garden (fresh), two rooms (one with a low battery) and a stale cellar.
    static func populated(now: Date) async throws -> SensorStore {
        let store = try store(now: now)
        await send(#"{"sensor":"garden","temperature":23.4,"humidity":41}"#, sensor: "garden", age: 120, to: store, now: now)
        await send(#"{"sensor":"living","temperature":21.8,"humidity":48}"#, sensor: "living", age: 300, to: store, now: now)
        await send(#"{"sensor":"bedroom","temperature":19.6,"humidity":52,"battery":8}"#, sensor: "bedroom", age: 60, to: store, now: now)
        await send(#"{"sensor":"cellar","temperature":12.1,"humidity":71}"#, sensor: "cellar", age: 7200, to: store, now: now)
        return store
    }
}
