// swift-tools-version:6.1
import PackageDescription

/// Every Swift target builds in Swift 6 language mode with strict concurrency, and says `public import`
/// only where a type of another module leaks into its own API.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let nio = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let lifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")

let package = Package(
    name: "WeatherHub",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "weatherhub", targets: ["weatherhub"]),
        .executable(name: "weatherctl", targets: ["weatherctl"]),
        .library(name: "SharedDefaultsKit", targets: ["SharedDefaultsKit"]),
        .library(name: "WeatherInfoKit", targets: ["WeatherInfoKit"]),
        .library(name: "InkWidgets", targets: ["InkWidgets"]),
        .library(name: "InkUI", targets: ["InkUI"]),
        .library(name: "EPaper", targets: ["EPaper"]),
        .library(name: "PanelHardware", targets: ["PanelHardware"]),
        .library(name: "MQTTConnection", targets: ["MQTTConnection"]),
        .library(name: "Sensors", targets: ["Sensors"]),
        .library(name: "WeatherWidgets", targets: ["WeatherWidgets"]),
        .library(name: "HubActions", targets: ["HubActions"]),
        .library(name: "HubControl", targets: ["HubControl"]),
        .library(name: "HubConfig", targets: ["HubConfig"]),
        .library(name: "HubAssembly", targets: ["HubAssembly"]),
        .library(name: "HubMQTT", targets: ["HubMQTT"]),
        .library(name: "HubDisplays", targets: ["HubDisplays"]),
        .library(name: "HubWeb", targets: ["HubWeb"]),
        .library(name: "HubHTTP", targets: ["HubHTTP"]),
        .library(name: "HubTestSupport", targets: ["HubTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        // MARK: System libraries and C shims (every exported symbol is prefixed by its module)
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CMosquitto"),
        .target(
            name: "CGPIOD",
            cSettings: [.define("_GNU_SOURCE")],
            linkerSettings: [.linkedLibrary("gpiod")]),
        .target(
            name: "CSPIDev",
            cSettings: [.define("_GNU_SOURCE")]),
        .target(
            name: "CHubSystem",
            cSettings: [.define("_GNU_SOURCE")]),

        // MARK: Libraries (one concern each)
        .target(
            name: "HubSystem",
            dependencies: ["CHubSystem", nio],
            swiftSettings: swiftSettings),
        .target(
            name: "InkUI",
            dependencies: ["CFreeType", "CZlib", "HubSystem"],
            swiftSettings: swiftSettings),
        .target(
            name: "InkWidgets",
            dependencies: ["InkUI", "HubSystem", logging, lifecycle],
            swiftSettings: swiftSettings),
        .target(
            name: "EPaper",
            dependencies: ["InkUI", "HubSystem", logging, lifecycle],
            swiftSettings: swiftSettings),
        .target(
            name: "PanelHardware",
            dependencies: ["EPaper", "InkUI", "CSPIDev", "CGPIOD", "HubSystem", logging],
            swiftSettings: swiftSettings),
        .target(
            name: "SharedDefaultsKit",
            dependencies: ["HubSystem"],
            swiftSettings: swiftSettings),
        .target(
            name: "WeatherInfoKit",
            dependencies: [
                "SharedDefaultsKit", "HubSystem", logging, nio, nioPosix,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "MQTTConnection",
            dependencies: ["CMosquitto", "HubSystem", logging, nio],
            swiftSettings: swiftSettings),
        .target(
            name: "Sensors",
            dependencies: [
                "MQTTConnection", "HubSystem", logging, lifecycle, nio, nioPosix,
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "WeatherWidgets",
            dependencies: ["InkWidgets", "InkUI", "WeatherInfoKit", "SharedDefaultsKit", "Sensors", "HubSystem", logging],
            swiftSettings: swiftSettings),
        .target(
            name: "HubDisplays",
            dependencies: ["InkWidgets", "InkUI", "HubSystem", logging, nio],
            swiftSettings: swiftSettings),
        .target(
            name: "HubHTTP",
            dependencies: [
                "HubWeb", "HubConfig", "HubDisplays", "InkWidgets", "InkUI", "HubSystem", logging, lifecycle, nio, nioPosix,
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "HubActions",
            dependencies: [
                "InkWidgets", "WeatherInfoKit", "WeatherWidgets", "SharedDefaultsKit", "Sensors", "HubDisplays", "HubConfig", "HubSystem", "MQTTConnection",
                logging, lifecycle, .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "HubWeb",
            dependencies: [
                "HubActions", "HubConfig", "HubDisplays", "EPaper", "InkUI", "InkWidgets", "MQTTConnection", "Sensors", "WeatherInfoKit",
                "WeatherWidgets", "SharedDefaultsKit", "HubSystem", logging, nio, nioPosix, .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "HubControl",
            dependencies: ["HubActions", "InkWidgets", "WeatherInfoKit", "EPaper", "HubDisplays", "Sensors", "HubSystem", logging, lifecycle, nio, nioPosix],
            swiftSettings: swiftSettings),
        .target(
            name: "HubMQTT",
            dependencies: [
                "HubConfig", "MQTTConnection", "Sensors", "HubActions", "WeatherWidgets", "SharedDefaultsKit", "WeatherInfoKit", "InkWidgets", "InkUI", "EPaper", "HubSystem",
                logging, lifecycle,
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "HubConfig",
            dependencies: ["InkWidgets", "InkUI", "EPaper", "MQTTConnection", "Sensors", "WeatherInfoKit", "WeatherWidgets", "HubDisplays", "HubSystem", "SharedDefaultsKit", "Yams", logging],
            swiftSettings: swiftSettings),
        .target(
            name: "HubAssembly",
            dependencies: ["EPaper", "HubConfig", "HubMQTT", "HubSystem", "HubDisplays", "InkUI", "InkWidgets", "Sensors", "SharedDefaultsKit", "WeatherInfoKit", "WeatherWidgets", logging],
            swiftSettings: swiftSettings),

        // MARK: Executables (wiring only)
        .executableTarget(
            name: "weatherhub",
            dependencies: [
                "HubConfig", "HubAssembly", "HubActions", "HubControl", "HubMQTT", "HubDisplays", "HubHTTP", "HubWeb", "HubSystem", "WeatherWidgets", "EPaper",
                "PanelHardware", "MQTTConnection", "Sensors", "InkWidgets", "InkUI",
                "SharedDefaultsKit", "WeatherInfoKit", logging, lifecycle, nio,
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "weatherctl",
            dependencies: [
                "HubConfig", "HubAssembly", "HubActions", "HubControl", "HubDisplays", "HubSystem", "WeatherWidgets", "EPaper", "Sensors", "InkWidgets", "InkUI",
                "SharedDefaultsKit", "WeatherInfoKit", logging,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),

        // MARK: Tests (real servers on loopback, real files, emulated controllers)
        .target(
            name: "HubTestSupport",
            dependencies: [
                "InkUI", "HubSystem", nio, nioPosix, .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/HubTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "InkUITests", dependencies: ["InkUI", "HubTestSupport"], exclude: ["Goldens"],
            swiftSettings: swiftSettings),
        .testTarget(name: "InkWidgetsTests", dependencies: ["InkWidgets", "InkUI", "HubSystem", logging], swiftSettings: swiftSettings),
        .testTarget(
            name: "EPaperTests", dependencies: ["EPaper", "PanelHardware", "InkUI", "HubSystem", logging, lifecycle],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PanelHardwareTests", dependencies: ["PanelHardware", "EPaper", "CSPIDev", logging],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WeatherInfoKitTests",
            dependencies: [
                "WeatherInfoKit", "HubTestSupport", logging,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MQTTConnectionTests",
            dependencies: ["MQTTConnection", "HubTestSupport", logging, nio],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SensorsTests",
            dependencies: [
                "Sensors", "MQTTConnection", "HubSystem", "HubTestSupport", logging, nio, nioPosix, lifecycle,
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HubActionsTests", dependencies: ["HubActions", "InkWidgets", "SharedDefaultsKit", "WeatherInfoKit", "WeatherWidgets", "HubTestSupport", logging],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HubControlTests", dependencies: ["HubControl", "InkWidgets", "Sensors", "HubSystem", "HubTestSupport", logging, lifecycle],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HubMQTTTests",
            dependencies: ["HubMQTT", "HubActions", "HubConfig", "MQTTConnection", "Sensors", "WeatherInfoKit", "WeatherWidgets", "InkUI", "HubSystem"],
            swiftSettings: swiftSettings),
        .testTarget(name: "SharedDefaultsKitTests", dependencies: ["SharedDefaultsKit"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HubSystemTests",
            dependencies: ["HubSystem", "HubTestSupport", nio, .product(name: "NIOEmbedded", package: "swift-nio")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HubConfigTests",
            dependencies: ["HubConfig", "HubAssembly", "HubMQTT", "HubDisplays", "InkWidgets", "InkUI", "EPaper", "HubSystem", "MQTTConnection", "Sensors", "SharedDefaultsKit", "WeatherInfoKit", "WeatherWidgets", logging],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WeatherWidgetsTests",
            dependencies: ["WeatherWidgets", "InkWidgets", "InkUI", "SharedDefaultsKit", "WeatherInfoKit", "Sensors", "HubSystem", "HubTestSupport"],
            exclude: ["Goldens"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HubDisplaysTests",
            dependencies: ["HubDisplays", "InkWidgets", "InkUI", "EPaper", "HubSystem", "HubTestSupport", logging, nio],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HubHTTPTests",
            dependencies: ["HubHTTP", "HubWeb", "HubConfig", "HubDisplays", "HubSystem", "InkWidgets", "InkUI", "HubTestSupport", logging, lifecycle, nio, nioPosix],
            swiftSettings: swiftSettings),
        .testTarget(name: "HubWebTests", dependencies: ["HubWeb"], swiftSettings: swiftSettings),
        .testTarget(
            name: "weatherctlTests",
            dependencies: [
                "weatherctl", "HubControl", "Sensors", "WeatherInfoKit", "HubSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests", dependencies: ["HubTestSupport", "SharedDefaultsKit", "WeatherInfoKit", "WeatherWidgets", "InkUI"],
            swiftSettings: swiftSettings),
    ]
)
