import Foundation
import HubTestSupport
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Testing
@testable import Sensors

/// The socket feed over real TCP and Unix sockets on loopback.
@Suite("Socket feed", .timeLimit(.minutes(1)))
struct SocketFeedTests {
    /// A store, an intake and a socket feed running in a service group.
    final class RunningFeed: Sendable {
        let store: SensorStore
        let feed: SocketFeed
        let port: Int?
        private let group: ServiceGroup
        private let task: Task<Void, any Error>

        init(_ feedSettings: SocketFeedSettings) async throws {
            let settings = SensorSettings()
            store = try SensorStore(settings: settings)
            let intake = SensorIntake(settings: settings, store: store)
            feed = SocketFeed(settings: feedSettings, intake: intake)
            var logger = Logger(label: "test.feed")
            logger.logLevel = .warning
            let group = ServiceGroup(configuration: .init(services: [.init(service: store), .init(service: feed)], logger: logger))
            self.group = group
            task = Task { try await group.run() }
            port = try await feed.listeningPorts().first
        }

        func stop() async throws {
            await group.triggerGracefulShutdown()
            try await task.value
        }
    }

    /// A raw client connection.
    private func connect(port: Int? = nil, path: String? = nil) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<NIOAsyncChannel<ByteBuffer, ByteBuffer>> = { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel(
                    wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            }
        }
        if let path { return try await bootstrap.connect(unixDomainSocketPath: path, channelInitializer: initializer) }
        return try await bootstrap.connect(host: "127.0.0.1", port: port!, channelInitializer: initializer)
    }

    /// Sends `chunks` one write each, then half-closes and waits for the server to close.
    private func send(_ chunks: [String], to channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async throws {
        try await channel.executeThenClose { inbound, outbound in
            for chunk in chunks { try await outbound.write(ByteBuffer(string: chunk)) }
            outbound.finish()
            for try await _ in inbound {}
        }
    }

    @Test("TCP: each line is decoded and stored, lines split across packets included")
    func tcpLines() async throws {
        let running = try await RunningFeed(SocketFeedSettings(tcp: [.init(port: 0)]))
        var changes = running.store.changes().makeAsyncIterator()
        let client = try await connect(port: running.port)
        try await send(
            [#"{"sensor":"attic","temperature_C":19.5}"# + "\n" + #"{"sensor":"cel"#, #"lar","humidity_pct":71}"# + "\r\n"],
            to: client)
        #expect(await nextSnapshot(of: "attic", in: running.store, from: &changes)?.values[.temperature]?.value == 19.5)
        #expect(await nextSnapshot(of: "cellar", in: running.store, from: &changes)?.values[.humidity]?.value == 71)
        try await running.stop()
    }

    @Test("the documented `echo … | nc -q0 localhost PORT` works")
    func netcat() async throws {
        let running = try await RunningFeed(SocketFeedSettings(tcp: [.init(port: 0)]))
        var changes = running.store.changes().makeAsyncIterator()
        let port = try #require(running.port)
        try await MosquittoBrokerCommand.run(
            "/bin/sh", ["-c", #"echo '{"sensor":"attic","temperature_C":19.5}' | nc -q0 127.0.0.1 \#(port)"#])
        #expect(await nextSnapshot(of: "attic", in: running.store, from: &changes)?.values[.temperature]?.value == 19.5)
        try await running.stop()
    }

    @Test("Unix socket: the same lines, and the socket file is removed at shutdown")
    func unixSocket() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("feed.sock")
        let running = try await RunningFeed(SocketFeedSettings(unixSocketPaths: [path]))
        var changes = running.store.changes().makeAsyncIterator()
        try await send([#"{"time":"2025-06-14T09:00:00Z","model":"Nexus-TH","id":1,"channel":2,"temperature_C":7.5}"# + "\n"], to: try await connect(path: path))
        #expect(await nextSnapshot(of: "Nexus-TH/2/1", in: running.store, from: &changes)?.ecosystem == .rtl433)
        try await running.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an overlong line is discarded without buffering it, counted, and the next line still works")
    func overlongLine() async throws {
        let running = try await RunningFeed(SocketFeedSettings(tcp: [.init(port: 0)], maxLineBytes: 1024))
        var changes = running.store.changes().makeAsyncIterator()
        let long = #"{"sensor":"attic","pad":""# + String(repeating: "x", count: 200_000) + "\"}\n"
        let chunks = stride(from: 0, to: long.count, by: 4096).map { offset in
            String(long.dropFirst(offset).prefix(4096))
        }
        try await send(chunks + [#"{"sensor":"attic","temperature_C":18}"# + "\n"], to: try await connect(port: running.port))
        #expect(await nextSnapshot(of: "attic", in: running.store, from: &changes)?.values[.temperature]?.value == 18)
        let source = try #require(await running.store.snapshot(of: SensorID("socket")))
        #expect(source.lastRejection?.code == .lineTooLong)
        #expect(source.lastRejection?.detail.contains("200") == true)
        try await running.stop()
    }

    @Test("connections beyond the limit are closed at once and counted")
    func connectionLimit() async throws {
        let running = try await RunningFeed(SocketFeedSettings(tcp: [.init(port: 0)], maxConnections: 2))
        var changes = running.store.changes().makeAsyncIterator()
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        let port = try #require(running.port)
        let first = try await bootstrap.connect(host: "127.0.0.1", port: port).get()
        let second = try await bootstrap.connect(host: "127.0.0.1", port: port).get()
        // Both are admitted once a line from each has been processed.
        try await first.writeAndFlush(ByteBuffer(string: #"{"sensor":"a","temperature_C":1}"# + "\n"))
        try await second.writeAndFlush(ByteBuffer(string: #"{"sensor":"b","temperature_C":2}"# + "\n"))
        // The two connections race: their readings arrive in either order.
        var seen: Set<String> = []
        while !seen.isSuperset(of: ["a", "b"]), let change = await changes.next() { seen.insert(change.sensor.rawValue) }
        #expect(seen.isSuperset(of: ["a", "b"]), "the change stream ended early")
        let third = try await bootstrap.connect(host: "127.0.0.1", port: port).get()
        try await third.closeFuture.get()
        let source = try #require(await running.store.snapshot(of: SensorID("socket")))
        #expect(source.lastRejection?.code == .queueOverflow)
        try await first.close()
        try await second.close()
        try await running.stop()
    }

    @Test("a silent client is disconnected after the idle timeout")
    func idleTimeout() async throws {
        let running = try await RunningFeed(SocketFeedSettings(tcp: [.init(port: 0)], idleTimeout: .milliseconds(200)))
        let silent = try await connect(port: running.port)
        try await silent.executeThenClose { inbound, _ in
            for try await _ in inbound {}
        }
        #expect(!silent.channel.isActive)
        try await running.stop()
    }

    @Test("a port in use is reported with what to check")
    func portInUse() async throws {
        let first = try await RunningFeed(SocketFeedSettings(tcp: [.init(port: 0)]))
        let port = try #require(first.port)
        let settings = SensorSettings()
        let store = try SensorStore(settings: settings)
        let feed = SocketFeed(settings: SocketFeedSettings(tcp: [.init(port: port)]), intake: SensorIntake(settings: settings, store: store))
        await #expect {
            try await feed.run()
        } throws: { error in
            "\(error)".contains("another program")
        }
        try await first.stop()
    }
}
