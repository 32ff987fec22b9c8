import HummingbirdCore
import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Hummingbird's `Server`, with one listening socket per event loop, all on the same port
/// (`SO_REUSEPORT`): the kernel spreads a burst of connections over the loops, each loop accepts its own
/// and serves them where they arrived. Hummingbird's `Server` accepts every connection on one loop and
/// hands it through one task, which is where a burst of devices waking at once used to queue.
struct LoopListeners<Connection: ServerChildChannel>: Sendable {
    let connection: Connection
    let loops: [any EventLoop]
    let logger: Logger

    /// Listens on `host`:`port` (port 0 picks a free one), calls `onListening` with the bound port once
    /// every loop listens, and serves until graceful shutdown or `stop`, either of which stops accepting
    /// and lets each open connection finish its request. Throws only before it listens.
    func run(host: String, port: Int, stop: ListenerStop, onListening: (Int) async -> Void) async throws {
        if port != 0 { try await checkPortIsFree(host: host, port: port) }
        let listeners = try await listenOnEveryLoop(host: host, port: port)
        let closeSockets: @Sendable () async -> Void = {
            for listener in listeners { listener.quiescing.initiateShutdown(promise: nil) }
            for listener in listeners { try? await listener.channel.channel.closeFuture.get() }
        }
        stop.whenRequested(closeSockets)
        await onListening(listeners[0].channel.channel.localAddress?.port ?? port)
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for listener in listeners {
                    group.addTask { await serve(listener.channel) }
                }
            }
        } onGracefulShutdown: {
            for listener in listeners { listener.quiescing.initiateShutdown(promise: nil) }
        }
    }

    private struct Listener: Sendable {
        let channel: NIOAsyncChannel<Connection.Value, Never>
        let quiescing: ServerQuiescingHelper
    }

    /// Sockets sharing a port with `SO_REUSEPORT` would also share it with another program of the same
    /// user that set it (a second hub): a plain bind first makes a taken port an error. The probe binds and
    /// never listens: a listening probe accepted the connections that came in its moment (a page asked for
    /// while the hub rebuilt itself) and left them open, unanswered, for good. (A port the kernel picks is
    /// free, and checking it would leave a moment for a connection to take it.)
    private func checkPortIsFree(host: String, port: Int) async throws {
        let address = try SocketAddress.makeAddressResolvingHost(host, port: port)
        let probe = socket(address.protocol.rawValue, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
        defer { close(probe) }
        var on: Int32 = 1
        _ = setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockAddr { pointer, length in bind(probe, pointer, socklen_t(length)) }
        guard bound == 0 else { throw IOError(errnoCode: errno, reason: "bind") }
    }

    /// One listener per loop, all on the first one's port; none stays open when one of them cannot bind.
    private func listenOnEveryLoop(host: String, port: Int) async throws -> [Listener] {
        var listeners: [Listener] = []
        do {
            for loop in loops {
                // Port 0: the first listener's port, picked by the kernel, for the others.
                let shared = listeners.first?.channel.channel.localAddress?.port ?? port
                listeners.append(try await listen(on: loop, host: host, port: shared))
            }
        } catch {
            for listener in listeners { try? await listener.channel.channel.close() }
            throw error
        }
        return listeners
    }

    private func listen(on loop: any EventLoop, host: String, port: Int) async throws -> Listener {
        let quiescing = ServerQuiescingHelper(group: loop)
        let channel = try await ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.socketOption(NIOBSDSocket.Option(rawValue: SO_REUSEPORT)), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: channel))
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(host: host, port: port, serverBackPressureStrategy: nil) { [connection, logger] channel in
                connection.setup(channel: channel, logger: logger)
            }
        return Listener(channel: channel, quiescing: quiescing)
    }

    /// Hands each accepted connection to its own task until the listening socket closes, then waits for them.
    private func serve(_ listener: NIOAsyncChannel<Connection.Value, Never>) async {
        await withDiscardingTaskGroup { group in
            do {
                try await listener.executeThenClose { inbound in
                    for try await accepted in inbound {
                        group.addTask { [connection, logger] in await connection.handle(value: accepted, logger: logger) }
                    }
                }
            } catch {
                logger.error("the web side stopped accepting connections: \(error)")
            }
        }
    }
}

/// Closes a listener's sockets before the service shuts down: the web side moving to another address,
/// port or certificate. Open connections still finish their request.
final class ListenerStop: Sendable {
    private let close = Mutex<(@Sendable () async -> Void)?>(nil)

    /// Closes the listening sockets of a listener that listens, and returns once they are closed.
    func request() async {
        await close.withLock { $0 }?()
    }

    /// How the listener closes its sockets.
    fileprivate func whenRequested(_ close: @escaping @Sendable () async -> Void) {
        self.close.withLock { $0 = close }
    }
}
