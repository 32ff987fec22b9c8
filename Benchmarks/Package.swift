// swift-tools-version:6.1
import PackageDescription

/// Benchmarks live in their own package so CI's test run never builds the benchmark tooling.
/// Each target is a folder of this directory; run them all with
/// `swift package --package-path Benchmarks benchmark` (release build, package-benchmark's plugin).
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "WeatherHub", path: ".."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "RenderBenchmarkSupport",
            dependencies: [.product(name: "InkUI", package: "WeatherHub"), .product(name: "Benchmark", package: "package-benchmark")],
            path: "RenderBenchmarkSupport",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility")]),
        benchmark(
            "Rendering", dependencies: [.product(name: "InkUI", package: "WeatherHub"), "RenderBenchmarkSupport"],
            exclude: ["pillow_dashboard.py"]),
        benchmark(
            "SchedulerYear",
            dependencies: [
                .product(name: "InkWidgets", package: "WeatherHub"), .product(name: "InkUI", package: "WeatherHub"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Named apart from the WeatherWidgets library (target names are unique across the package graph).
        benchmark(
            "WeatherWidgetsBenchmark", path: "WeatherWidgets",
            dependencies: [
                .product(name: "WeatherWidgets", package: "WeatherHub"), .product(name: "InkWidgets", package: "WeatherHub"),
                .product(name: "InkUI", package: "WeatherHub"), .product(name: "WeatherInfoKit", package: "WeatherHub"),
                .product(name: "Sensors", package: "WeatherHub"), .product(name: "SharedDefaultsKit", package: "WeatherHub"),
                "RenderBenchmarkSupport",
            ]),
        // Named apart from HubControl's SensorHistory type.
        benchmark("SensorHistoryBenchmark", path: "SensorHistory", dependencies: [.product(name: "Sensors", package: "WeatherHub")]),
        // A plain executable: it drives a real broker and prints rates, which package-benchmark's
        // per-iteration metrics do not fit.
        .executableTarget(
            name: "SensorIntakeThroughput",
            dependencies: [
                .product(name: "Sensors", package: "WeatherHub"), .product(name: "MQTTConnection", package: "WeatherHub"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "SensorIntakeThroughput",
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    ]
)

/// A benchmark executable built from the folder of the same name unless `path` names another (`exclude`:
/// files in it that are not Swift).
func benchmark(_ name: String, path: String? = nil, dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: dependencies + [.product(name: "Benchmark", package: "package-benchmark")],
        path: path ?? name,
        exclude: exclude,
        swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility")],
        plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")])
}
