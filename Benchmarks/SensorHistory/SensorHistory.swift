import Benchmark
import Foundation
import Sensors
import Synchronization

/// Reads what a 7-day chart of two sensors needs (their temperature series: hourly buckets for six days,
/// minute buckets for the last 26 hours) from a database file holding 30 days of temperature and
/// humidity for 200 sensors, the intake's limit. The file is filled once, before timing, through the
/// intake and the store as the hub lives those 30 days (a reading every 30 minutes, then every minute
/// for the last 26 hours; a flush and the hourly pruning as the days pass).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], warmupIterations: 5, maxDuration: .seconds(10),
        maxIterations: 2000)

    let station: HistoryStation
    do {
        station = try HistoryStation()
    } catch {
        fatalError("\(error)")
    }
    Benchmark(
        "7-day chart of two sensors, 200 sensors × 30 days on disk",
        closure: { benchmark in
            let from = station.end.addingTimeInterval(-7 * 86_400)
            for _ in benchmark.scaledIterations {
                for sensor in HistoryStation.charted {
                    blackHole(try await station.store.series(of: sensor, field: .temperature, from: from, to: station.end))
                }
            }
        },
        setup: { try await station.fill() },
        teardown: { station.remove() })
}

/// A hub's sensor store on a temporary file, its clock moved by hand.
final class HistoryStation: Sendable {
    static let sensorCount = 200
    /// The outdoor and the indoor sensor of the chart.
    static let charted = [SensorID("zigbee2mqtt/sensor-007"), SensorID("zigbee2mqtt/sensor-150")]

    /// 2026-11-27T12:00:00Z, the end of the 30 days.
    let end = Date(timeIntervalSince1970: 1_795_780_800)
    let store: SensorStore
    private let directory: URL
    private let settings: SensorSettings
    private let clock: HandMovedClock

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var settings = SensorSettings()
        settings.store.databasePath = directory.appendingPathComponent("sensors.sqlite").path
        self.settings = settings
        let clock = HandMovedClock(end.addingTimeInterval(-30 * 86_400))
        self.clock = clock
        store = try SensorStore(settings: settings, now: { clock.now })
    }

    /// Lives the 30 days: every sensor's readings through the intake, a flush each simulated hour.
    func fill() async throws {
        let intake = SensorIntake(settings: settings, store: store)
        let fineFrom = end.addingTimeInterval(-26 * 3600)
        var time = clock.now
        var lastFlush = time
        while time < end {
            let messages = (0..<Self.sensorCount).map { index in
                IncomingMessage(topic: Self.topic(index), payload: Self.payload(index, at: time), arrivedAt: time)
            }
            await intake.process(messages)
            time = time.addingTimeInterval(time < fineFrom ? 1800 : 60)
            if time.timeIntervalSince(lastFlush) >= 3600 || time >= end {
                clock.now = time
                try await store.flush()
                lastFlush = time
            }
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static func topic(_ index: Int) -> String {
        "zigbee2mqtt/sensor-" + String(repeating: "0", count: 3 - String(index).count) + String(index)
    }

    /// A daily swing of temperature and humidity, a little different per sensor.
    private static func payload(_ index: Int, at time: Date) -> [UInt8] {
        let phase = time.timeIntervalSince1970 / 86_400 * 2 * Double.pi
        let temperature = (150 + 80 * sin(phase) + Double(index)).rounded() / 10
        let humidity = (60 - 20 * sin(phase)).rounded()
        return Array(#"{"temperature":\#(temperature),"humidity":\#(humidity)}"#.utf8)
    }
}

/// The store's wall clock, moved by the filling loop.
final class HandMovedClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) {
        current = Mutex(start)
    }

    var now: Date {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
