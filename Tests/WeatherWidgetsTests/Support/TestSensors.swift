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

    /// A weather station's last 30 hours: the garden every 10 minutes (temperature on a daily curve,
    /// humidity, a rain gauge's counter reset 7 hours ago, gusts) with nothing from 8 to 5 hours ago, and
    /// the living room every 15 minutes.
    static func withHistory(now: Date) async throws -> SensorStore {
        let store = try store(now: now)
        var rain = 40.0
        for step in stride(from: 30 * 6, through: 0, by: -1) {
            let age = TimeInterval(step) * 600
            guard !(5 * 3600 < age && age < 8 * 3600) else { continue }
            let hour = (now - age).timeIntervalSince1970 / 3600
            let temperature = 14 + 6 * sin((hour - 9) / 24 * 2 * .pi)
            rain = age == 7 * 3600 ? 0.2 : rain + (step % 3 == 0 ? 0.2 : 0)
            let gust = 4 + Double(step % 7)
            await send(
                #"{"sensor":"garden","temperature":\#(temperature),"humidity":\#(60 - temperature),"rain_mm":\#(rain),"wind_max_m_s":\#(gust)}"#,
                sensor: "garden", age: age, to: store, now: now)
        }
        for step in stride(from: 30 * 4, through: 0, by: -1) {
            let age = TimeInterval(step) * 900
            let temperature = 21 + sin(TimeInterval(step) / 10)
            await send(#"{"sensor":"living","temperature":\#(temperature),"humidity":45}"#, sensor: "living", age: age, to: store, now: now)
        }
        return store
    }
}
