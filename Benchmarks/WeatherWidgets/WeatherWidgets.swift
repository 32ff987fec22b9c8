import Benchmark
import Foundation
import InkUI
import InkWidgets
import WeatherInfoKit
import WeatherWidgets

/// Renders the weather widget's entries into a reused frame with a reused renderer, as the service does
/// for every timeline entry: wall clock per frame and heap allocations per frame after warm-up. The
/// entry (the demo report written out) is built once, so drawing, not formatting, is measured.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 20,
        maxDuration: .seconds(4),
        maxIterations: 5_000)

    let fonts: FontLibrary
    do {
        fonts = try FontLibrary()
    } catch {
        fatalError("\(error)")
    }
    let now = Date(timeIntervalSince1970: 1_778_760_300)
    let report = DemoWeatherSource(now: { now }).report(at: now)
    let cases: [(WidgetFamily, PixelSize)] = [
        (.extraLarge, PixelSize(width: 800, height: 480)),
        (.small, PixelSize(width: 296, height: 128)),
        (.medium, PixelSize(width: 296, height: 128)),
        (.large, PixelSize(width: 296, height: 128)),
        (.small, PixelSize(width: 400, height: 300)),
        (.medium, PixelSize(width: 400, height: 300)),
        (.large, PixelSize(width: 400, height: 300)),
    ]
    for (family, size) in cases {
        let renderer = Renderer(fonts: fonts)
        var frame = Frame(size: size, capability: .monochrome)
        let view = WidgetPreview.weatherView(for: report, family: family, size: size, at: now)
        Benchmark("Weather \(family) \(size)") { benchmark in
            for _ in benchmark.scaledIterations {
                renderer.render(view, into: &frame, in: frame.bounds)
            }
            blackHole(frame)
        }
    }
}
