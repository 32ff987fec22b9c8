import Benchmark
import InkUI
import RenderBenchmarkSupport

/// Renders the dashboard into a reused frame with a reused renderer, as the service does for every
/// timeline entry: wall clock per frame and heap allocations per frame after warm-up.
let benchmarks: @Sendable () -> Void = {
    RenderBenchmarks.configure()
    let fonts = RenderBenchmarks.fonts()
    let panels: [(PixelSize, ColorCapability)] = [
        (PixelSize(width: 800, height: 480), .monochrome),
        (PixelSize(width: 800, height: 480), .grayscale4),
        (PixelSize(width: 800, height: 480), .blackWhiteRed),
        (PixelSize(width: 400, height: 300), .monochrome),
        (PixelSize(width: 296, height: 128), .monochrome),
    ]
    for (size, capability) in panels {
        let renderer = Renderer(fonts: fonts)
        var frame = Frame(size: size, capability: capability)
        let model = DashboardModel.sample
        Benchmark("Dashboard \(size) \(capability)") { benchmark in
            for _ in benchmark.scaledIterations {
                renderer.render(Dashboard(model: model), into: &frame, in: frame.bounds)
            }
            blackHole(frame)
        }
    }
}
