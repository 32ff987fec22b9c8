#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem
public import Logging
public import NIOCore
public import NIOPosix
public import ServiceLifecycle
import Synchronization

/// Newline-delimited JSON over TCP and Unix sockets for setups without a broker
/// (`echo '{"sensor":"attic","temperature_C":19.5}' | nc -q0 localhost PORT`). Lines go through the same
/// decoders, validation and limits as MQTT messages; a line longer than the limit is discarded without
/// being buffered, connections beyond the limit are closed at once, and a client silent for the idle
/// timeout is disconnected.
public final class SocketFeed: Service, Sendable {
    private let settings: SocketFeedSettings
    private let intake: SensorIntake
    private let eventLoopGroup: any EventLoopGroup
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let activeConnections = Mutex(0)
    private let listening = Mutex<(ports: [Int]?, failure: SocketFeedError?, waiters: [CheckedContinuation<[Int], any Error>])>(
        (nil, nil, []))

    public init(
        settings: SocketFeedSettings, intake: SensorIntake, eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "weatherhub.sensors.socket")
    ) {
        self.settings = settings
        self.intake = intake
        self.eventLoopGroup = eventLoopGroup
        self.now = now
        self.logger = logger
    }

    /// The TCP ports actually listened on (useful with port 0), once every listener is open.
    public func listeningPorts() async throws -> [Int] {
        try await withCheckedThrowingContinuation { continuation in
            let ready = listening.withLock { state -> Result<[Int], any Error>? in
                if let failure = state.failure { return .failure(failure) }
                if let ports = state.ports { return .success(ports) }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    public func run() async throws {
        let servers: [NIOAsyncChannel<NIOAsyncChannel<LineFrameDecoder.Frame, Never>, Never>]
        do {
            servers = try await bind()
        } catch {
            let failure = error as? SocketFeedError ?? SocketFeedError("cannot open the socket feed: \(error)")
            finishListening(.failure(failure))
            throw failure
        }
        finishListening(.success(servers.compactMap { $0.channel.localAddress?.port }))
        defer {
            for path in settings.unixSocketPaths { unlink(path) }
        }
        try? await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                for server in servers {
                    group.addTask { try await self.accept(on: server) }
                }
            }
        }
    }

    private func bind() async throws -> [NIOAsyncChannel<NIOAsyncChannel<LineFrameDecoder.Frame, Never>, Never>] {
        let bootstrap = ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.backlog, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<NIOAsyncChannel<LineFrameDecoder.Frame, Never>> = { [settings] channel in
            channel.eventLoop.makeCompletedFuture {
                let idle = TimeAmount.nanoseconds(Int64(min(settings.idleTimeout.timeInterval, 1e9) * 1e9))
                try channel.pipeline.syncOperations.addHandlers([
                    IdleStateHandler(readTimeout: idle),
                    ByteToMessageHandler(LineFrameDecoder(maximumLength: settings.maxLineBytes, overlongLines: .discard)),
                    IdleConnectionCloser(),
                ])
                return try NIOAsyncChannel<LineFrameDecoder.Frame, Never>(wrappingChannelSynchronously: channel)
            }
        }
        var servers: [NIOAsyncChannel<NIOAsyncChannel<LineFrameDecoder.Frame, Never>, Never>] = []
        do {
            for endpoint in settings.tcp {
                do {
                    servers.append(try await bootstrap.bind(host: endpoint.host, port: endpoint.port, childChannelInitializer: initializer))
                } catch {
                    throw SocketFeedError(
                        "cannot listen on \(endpoint.host):\(endpoint.port) (\(error)): is another program using the port?")
                }
            }
            for path in settings.unixSocketPaths {
                do {
                    servers.append(
                        try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true, childChannelInitializer: initializer))
                } catch {
                    throw SocketFeedError("cannot listen on the Unix socket \(path) (\(error)): check that its directory exists and is writable")
                }
            }
        } catch {
            for server in servers { try? await server.channel.close() }
            throw error
        }
        return servers
    }

    private func accept(on server: NIOAsyncChannel<NIOAsyncChannel<LineFrameDecoder.Frame, Never>, Never>) async throws {
        try await server.executeThenClose { connections in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in connections {
                    let admitted = activeConnections.withLock { count -> Bool in
                        guard count < settings.maxConnections else { return false }
                        count += 1
                        return true
                    }
                    guard admitted else {
                        await intake.recordDropped(
                            source: settings.topic,
                            reason: RejectionReason(.queueOverflow, "more than \(settings.maxConnections) socket connections"),
                            at: now())
                        try? await connection.channel.close()
                        continue
                    }
                    group.addTask {
                        defer { self.activeConnections.withLock { $0 -= 1 } }
                        try? await self.serve(connection)
                    }
                }
            }
        }
    }

    private func serve(_ connection: NIOAsyncChannel<LineFrameDecoder.Frame, Never>) async throws {
        try await connection.executeThenClose { lines, _ in
            for try await frame in lines {
                switch frame {
                case .line(let line):
                    guard line.readableBytes > 0 else { continue }
                    await intake.process(
                        IncomingMessage(
                            topic: settings.topic, payload: Array(line.readableBytesView), arrivedAt: now(), decoder: settings.decoder))
                case .overlong(let size):
                    await intake.recordDropped(
                        source: settings.topic,
                        reason: RejectionReason(.lineTooLong, "a line of \(size) bytes, more than the \(settings.maxLineBytes) allowed"),
                        at: now())
                }
            }
        }
    }

    private func finishListening(_ result: Result<[Int], SocketFeedError>) {
        let waiters = listening.withLock { state -> [CheckedContinuation<[Int], any Error>] in
            switch result {
            case .success(let ports): state.ports = ports
            case .failure(let failure): state.failure = failure
            }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(with: result.mapError { $0 as any Error }) }
    }
}
