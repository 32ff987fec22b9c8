import Foundation
import HubTestSupport
import Testing

/// What the running service holds in memory for what it is configured to do: libmosquitto (and the OpenSSL
/// libraries it brings, about 1.5 MB resident) only with MQTT, a second event loop only with the web side.
@Suite("What the service loads")
struct LoadedPartsTests {
    @Test("without MQTT and the web side: no libmosquitto, no OpenSSL, one event loop")
    func plainHub() throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        try hub.startService()
        defer { _ = hub.stopService() }
        let process = String(try #require(hub.service?.processIdentifier))
        let libraries = try Self.mappedLibraries(of: process)
        #expect(libraries.contains { $0.hasPrefix("libfreetype") }, "every mapped library was read")
        #expect(!libraries.contains { $0.hasPrefix("libmosquitto") || $0.hasPrefix("libssl") || $0.hasPrefix("libcrypto") }, "\(libraries)")
        #expect(Self.eventLoops(in: process) == 1)
    }

    @Test("with MQTT and the web side: libmosquitto loaded and connected, an event loop per core up to two")
    func connectedHub() async throws {
        try await MosquittoBroker.with { broker in
            let port = try MosquittoBroker.freePort()
            let hub = try MQTTHub(
                broker: broker, configuration: MQTTHub.configuration(broker: broker) + "\nhttp:\n  address: 127.0.0.1\n  port: \(port)\n")
            try await hub.start()
            defer { _ = hub.sandbox.stopService() }
            let process = String(try #require(hub.sandbox.service?.processIdentifier))
            #expect(try Self.mappedLibraries(of: process).contains { $0.hasPrefix("libmosquitto.so") })
            #expect(Self.eventLoops(in: process) == min(2, ProcessInfo.processInfo.activeProcessorCount))
        }
    }

    @Test("with MQTT configured and no usable libmosquitto, the service says what to install and stops")
    func missingLibrary() throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\nmqtt:\n  host: 127.0.0.1\n  port: 1\n")
        // An empty file found first on the library path stands for a missing or broken libmosquitto1.
        try Data().write(to: URL(fileURLWithPath: hub.directory + "/libmosquitto.so.1"))
        let result = try hub.startServiceExpectingFailure(extraEnvironment: ["LD_LIBRARY_PATH": hub.directory])
        #expect(result.status != 0)
        #expect(result.error.contains(
            "MQTT needs libmosquitto (on Debian and Raspberry Pi OS: apt install libmosquitto1): \(hub.directory)/libmosquitto.so.1: file too short"),
            "\(result.error)")
    }

    /// The threads of SwiftNIO's shared event loop group in `process`.
    private static func eventLoops(in process: String) -> Int {
        ProcessThreads.names(in: process).filter { $0.hasPrefix("NIO-SGLTN") }.count
    }

    /// The file names of the shared libraries mapped into `process`.
    private static func mappedLibraries(of process: String) throws -> Set<String> {
        Set(try ProcFile.text("/proc/\(process)/maps").split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { path in
                path.hasPrefix("/") && path.contains(".so") ? String(path.split(separator: "/").last!) : nil
            }
        })
    }
}
