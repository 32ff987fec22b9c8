import Benchmark
import Foundation
import Synchronization
import InkUI
import InkWidgets
import Sensors
import SharedDefaultsKit
import WeatherInfoKit
import WeatherWidgets

/// The history widget's frames: a station's last 30 hours (a garden every 10 minutes with a three-hour
/// gap, a rain gauge and gusts; a living room every 15 minutes) read once through the provider, then
/// drawn again and again into a reused frame, the same entry and two entries half an hour apart in turn.
enum HistoryWidgetFrames {
    static func register(fonts: FontLibrary, now: Date) {
        let cases: [(WidgetFamily, PixelSize)] = [
            (.extraLarge, PixelSize(width: 800, height: 480)),
            (.large, PixelSize(width: 400, height: 300)),
            (.medium, PixelSize(width: 296, height: 128)),
            (.small, PixelSize(width: 296, height: 128)),
        ]
        let store = waiting { try await station(now: now) }
        for (family, size) in cases {
            let entries = [now, now + 1800].map { date in
                waiting { await WidgetPreview.historyView(data: try context(store: store, at: date), family: family, size: size) }
            }
            for changing in [false, true] {
                let renderer = Renderer(fonts: fonts)
                var frame = Frame(size: size, capability: .monochrome)
                var shown = 0
                Benchmark("History \(family) \(size)\(changing ? ", next entry every frame" : "")") { benchmark in
                    for _ in benchmark.scaledIterations {
                        if changing { shown = 1 - shown }
                        renderer.render(entries[shown], into: &frame, in: frame.bounds)
                    }
                    blackHole(frame)
                }
            }
        }
    }

    /// The store on a temporary file, fed through the intake as the hub would have been fed.
    private static func station(now: Date) async throws -> SensorStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let profiles = [
            SensorProfile(match: "garden", displayName: "Garden", role: .outdoor),
            SensorProfile(match: "living", displayName: "Living room", role: .indoor),
        ]
        let settings = SensorSettings(
            profiles: profiles, store: StoreSettings(databasePath: directory.appendingPathComponent("sensors.sqlite").path))
        let store = try SensorStore(settings: settings, now: { now })
        let intake = SensorIntake(settings: settings, store: store)
        func send(_ json: String, _ sensor: String, age: TimeInterval) async {
            await intake.process(IncomingMessage(topic: "sensors/\(sensor)", payload: Array(json.utf8), arrivedAt: now - age, decoder: .generic))
        }
        var rain = 40.0
        for step in stride(from: 30 * 6, through: 0, by: -1) {
            let age = TimeInterval(step) * 600
            guard !(5 * 3600 < age && age < 8 * 3600) else { continue }
            let temperature = 14 + 6 * sin(((now - age).timeIntervalSince1970 / 3600 - 9) / 24 * 2 * .pi)
            rain += step % 3 == 0 ? 0.2 : 0
            await send(#"{"sensor":"garden","temperature":\#(temperature),"humidity":\#(60 - temperature),"rain_mm":\#(rain),"wind_max_m_s":\#(4 + step % 7)}"#, "garden", age: age)
        }
        for step in stride(from: 30 * 4, through: 0, by: -1) {
            await send(#"{"sensor":"living","temperature":\#(21 + sin(Double(step) / 10)),"humidity":45}"#, "living", age: TimeInterval(step) * 900)
        }
        try await store.flush()
        return store
    }

    private static func context(store: SensorStore, at date: Date) throws -> WidgetDataContext {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-frames-defaults-\(UUID().uuidString)").path
        return WidgetDataContext(
            weather: DemoWeatherSource(now: { date }), sensors: store,
            defaults: try SharedDefaults(suiteName: "group.weatherhub.benchmark", containerDirectory: directory),
            defaultLocation: DemoWeatherSource.city, now: { date })
    }

    /// Runs `work` to its end from the synchronous registration, before any benchmark is timed.
    private static func waiting<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) -> Value {
        let result = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        do {
            return try result.withLock { $0! }.get()
        } catch {
            fatalError("the history benchmark's station: \(error)")
        }
    }
}
