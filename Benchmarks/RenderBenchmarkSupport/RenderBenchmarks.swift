import Benchmark
public import InkUI

/// What the rendering benchmarks share: how they measure, and the fonts they draw with.
public enum RenderBenchmarks {
    /// Wall clock and malloc count per frame after warm-up, nothing else: the CPU-time and resident-memory
    /// metrics read `/proc` between the harness's malloc counter readings, which would add the harness's
    /// own allocations to every frame's count.
    public static func configure() {
        Benchmark.defaultConfiguration = .init(
            metrics: [.wallClock, .mallocCountTotal],
            warmupIterations: 20,
            maxDuration: .seconds(4),
            maxIterations: 5_000)
    }

    /// The system fonts; without them there is nothing to measure.
    public static func fonts() -> FontLibrary {
        do {
            return try FontLibrary()
        } catch {
            fatalError("\(error)")
        }
    }
}
