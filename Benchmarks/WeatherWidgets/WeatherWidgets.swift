import Benchmark
import Foundation
import InkUI
import InkWidgets
import RenderBenchmarkSupport
import WeatherInfoKit
import WeatherWidgets

/// Renders the weather widget's entries into a reused frame with a reused renderer, as the service does
/// for every timeline entry: wall clock per frame and heap allocations per frame after warm-up. The
/// entries (the demo report and four local sensors written out) are built once, so drawing, not
/// formatting, is measured.
///
/// Each family and size is drawn twice: the same entry every frame, and two entries an hour apart in
/// turn (another time, temperatures and forecast steps), as when the panel moves to the next entry.
/// The richest content is drawn too: an alert in force on a three-colour 800×480 panel, in German. The
/// history widget's frames are drawn the same way (`HistoryWidgetFrames`).
let benchmarks: @Sendable () -> Void = {
    RenderBenchmarks.configure()
    let fonts = RenderBenchmarks.fonts()
    let now = Date(timeIntervalSince1970: 1_778_760_300)
    let nextHour = now + 3600
    let source = DemoWeatherSource(now: { now })
    let cases: [(WidgetFamily, PixelSize)] = [
        (.extraLarge, PixelSize(width: 800, height: 480)),
        (.extraLarge, PixelSize(width: 400, height: 300)),
        (.large, PixelSize(width: 400, height: 300)),
        (.large, PixelSize(width: 296, height: 128)),
        (.medium, PixelSize(width: 400, height: 300)),
        (.medium, PixelSize(width: 296, height: 128)),
        (.small, PixelSize(width: 400, height: 300)),
        (.small, PixelSize(width: 296, height: 128)),
    ]
    let alertReport = { (date: Date) in
        var report = source.report(at: date)
        report.forecast?.value.alerts = [
            WeatherAlert(event: "Orange thunderstorm warning", sender: "Benchmark", start: now - 3600, end: now + 9 * 3600, description: ""),
            WeatherAlert(event: "Yellow wind warning", sender: "Benchmark", start: now + 9 * 3600, end: now + 15 * 3600, description: ""),
        ]
        return report
    }
    for language in [PanelLanguage.english, .german] {
        let display = DisplaySettings(language: language)
        let size = PixelSize(width: 800, height: 480)
        let entries = [now, nextHour].map { date in
            WidgetPreview.weatherView(
                for: alertReport(date), sensors: LocalSensors.snapshots(at: date), family: .extraLarge, size: size, display: display,
                at: date)
        }
        let renderer = Renderer(fonts: fonts)
        var frame = Frame(size: size, capability: .blackWhiteRed)
        var shown = 0
        Benchmark("Weather extraLarge \(size), alert, three colours, \(language.rawValue), next entry every frame") { benchmark in
            for _ in benchmark.scaledIterations {
                shown = 1 - shown
                renderer.render(entries[shown], into: &frame, in: frame.bounds)
            }
            blackHole(frame)
        }
    }
    HistoryWidgetFrames.register(fonts: fonts, now: now)
    for (family, size) in cases {
        let entries = [now, nextHour].map { date in
            WidgetPreview.weatherView(
                for: source.report(at: date), sensors: LocalSensors.snapshots(at: date), family: family, size: size, at: date)
        }
        for changing in [false, true] {
            let renderer = Renderer(fonts: fonts)
            var frame = Frame(size: size, capability: .monochrome)
            var shown = 0
            Benchmark("Weather \(family) \(size)\(changing ? ", next entry every frame" : "")") { benchmark in
                for _ in benchmark.scaledIterations {
                    if changing { shown = 1 - shown }
                    renderer.render(entries[shown], into: &frame, in: frame.bounds)
                }
                blackHole(frame)
            }
        }
    }
}
