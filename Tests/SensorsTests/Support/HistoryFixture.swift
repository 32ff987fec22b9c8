import Foundation
import HubSystem
@testable import Sensors

/// A store on a real database file whose clock stands at `now`, fed readings that carry their own
/// observation times (as rtl_433 sends them) and all arrive at `now`; queries go to the store reopened
/// from the file, so they read what was written to disk.
struct HistoryFixture {
    /// Europe/Berlin's rule since 1996, as a POSIX TZ string: the same on every machine.
    static let berlin = try! TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")

    let now: Date
    let directory: TemporaryDirectory
    private let settings: SensorSettings

    init(now: Date, staleAfter: Duration = .seconds(30 * 60)) throws {
        self.now = now
        directory = try TemporaryDirectory()
        var store = StoreSettings()
        store.databasePath = directory.path("sensors.sqlite")
        settings = SensorSettings(
            profiles: [SensorProfile(match: "garden", displayName: "Garden", role: .outdoor, staleAfter: staleAfter)],
            store: store, timeZone: Self.berlin)
    }

    /// Writes `samples` of `field` for `sensor` and flushes them to the file.
    func record(_ sensor: String, _ field: SensorField, _ samples: [(time: Date, value: Double)]) async throws {
        let store = try self.store()
        for sample in samples {
            await store.apply(SensorReading(
                sensor: SensorID(sensor), ecosystem: .rtl433, values: [field: sample.value], observedAt: sample.time,
                timeSource: .payload, arrivedAt: now, retained: false, ageUnknown: false, rejections: []))
        }
        try await store.flush()
    }

    /// The store as the hub opens it at `now`.
    func store() throws -> SensorStore {
        let now = self.now
        return try SensorStore(settings: settings, now: { now })
    }

    func remove() {
        directory.remove()
    }

    /// `count` samples `step` seconds apart from `start`, valued by `value(time)`.
    static func samples(from start: Date, every step: TimeInterval, count: Int, _ value: (Date) -> Double)
        -> [(time: Date, value: Double)]
    {
        (0..<count).map { index in
            let time = start.addingTimeInterval(Double(index) * step)
            return (time, value(time))
        }
    }

    /// An instant written as ISO 8601 UTC ("2026-10-25T14:05:00Z").
    static func utc(_ text: String) -> Date {
        CivilTime.iso8601Time(text)!.instant!
    }
}
