import Benchmark
import Foundation
import InkUI
import InkWidgets
import Logging
import Synchronization

/// One simulated year of hourly entries for 8 widgets on an 800×480 panel: the real scheduler, real
/// rendering and composition, a virtual clock that jumps from deadline to deadline. Reports the wall time
/// and peak memory of the whole year.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 0, maxDuration: .seconds(600), maxIterations: 3)

    let fonts: FontLibrary
    do {
        fonts = try FontLibrary()
    } catch {
        fatalError("\(error)")
    }
    Benchmark("One year, 8 widgets, hourly entries, 800×480") { benchmark in
        for _ in benchmark.scaledIterations {
            let frames = await simulateYear(fonts: fonts)
            blackHole(frames)
        }
    }
}

/// Runs the year and returns how many frames reached the panel.
func simulateYear(fonts: FontLibrary) async -> Int {
    let start = Moment(wall: Date(timeIntervalSince1970: 1_798_761_600), uptime: .zero)
    let clock = VirtualSchedulerClock(start: start, end: .seconds(365 * 86_400))
    let panel = CountingPanel()
    // Eight regions of 200×240: two rows of four.
    let widgets = (0..<8).map { index in
        let region = PixelRect(x: index % 4 * 200, y: index / 4 * 240, width: 200, height: 240)
        return StaticConfiguration(kind: "hourly-\(index)", provider: HourlyForecast(clock: clock)) { entry in
            HourlyView(entry: entry)
        }
        .supportedFamilies([.small])
        .hosted(in: WidgetPlacement(kind: "hourly-\(index)", family: .small, id: WidgetID("hourly-\(index)"), region: region),
                capability: .monochrome, isPreview: false)
    }
    var settings = SchedulerSettings()
    settings.minimumDisplayInterval = .zero
    let scheduler = WidgetScheduler(
        widgets: widgets, panelSize: PixelSize(width: 800, height: 480), capability: .monochrome, settings: settings,
        clock: clock, sink: panel, renderer: SharedRenderer(fonts: fonts), execution: .inline, logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
    try? await scheduler.run()
    return panel.count
}

/// 24 hourly entries from the hour a timeline is asked for, reloading at the end (`.atEnd`).
struct HourlyForecast: TimelineProvider {
    struct Entry: TimelineEntry {
        let date: Date
        let temperature: Int
    }

    let clock: VirtualSchedulerClock

    func placeholder(in context: Context) -> Entry { Entry(date: clock.now().wall, temperature: 0) }
    func snapshot(in context: Context) async -> Entry { Entry(date: clock.now().wall, temperature: 12) }
    func timeline(in context: Context) async -> Timeline<Entry> {
        let now = clock.now().wall
        let hour = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let entries = (0..<24).map { offset in
            let date = Date(timeIntervalSince1970: hour + Double(offset) * 3600)
            return Entry(date: date, temperature: Int(date.timeIntervalSince1970 / 3600) % 30 - 5)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

struct HourlyView: View {
    let entry: HourlyForecast.Entry

    var body: some View {
        VStack(spacing: 4) {
            Text("Hourly").font(.system(size: 16, weight: .bold))
            Text("\(entry.temperature)°").font(.system(size: 48, weight: .bold))
        }
    }
}

/// The panel: counts frames.
final class CountingPanel: FrameSink {
    private let frames = Mutex(0)
    var count: Int { frames.withLock { $0 } }

    func present(_ frame: Frame, reason: String, userInitiated: Bool) async {
        frames.withLock { $0 += 1 }
    }
}
