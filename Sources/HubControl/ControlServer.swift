#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
import Synchronization

/// The service's end of the control socket: a Unix socket in the runtime directory, mode 0660 (the
/// service's user and group), answering one JSON line per request line. A slow or silent client is
/// disconnected after `idleTimeout` (one waiting for an answer, or not yet read by a busy service, is not
/// silent); at most `maximumConnections` are served at once; an oversized line gets an error and the
/// connection is closed.
public struct ControlServer: Service {
    public let socketPath: String
    private let handlers: ControlHandlerSlot
    private let idleTimeout: Duration
    private let maximumConnections: Int
    private let logger: Logger

    public init(
        socketPath: String, handlers: ControlHandlers, idleTimeout: Duration = .seconds(10), maximumConnections: Int = 16,
        logger: Logger
    ) {
        self.init(socketPath: socketPath, handlers: ControlHandlerSlot(handlers), idleTimeout: idleTimeout, maximumConnections: maximumConnections, logger: logger)
    }

    /// A server that answers with whatever handlers `handlers` holds at the time of each request: the
    /// socket outlives the parts that answer (a service rebuilding itself from a new configuration).
    public init(
        socketPath: String, handlers: ControlHandlerSlot, idleTimeout: Duration = .seconds(10), maximumConnections: Int = 16,
        logger: Logger
    ) {
        self.socketPath = socketPath
        self.handlers = handlers
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.logger = logger
    }

    public func run() async throws {
        try await ControlSocketPath.prepareForListening(at: socketPath)
        // The socket is made beside its path and moved there once it has its mode, so nobody ever reaches
        // it with the mode the umask gave it.
        let staging = socketPath + ".new"
        unlink(staging)
        let idle = TimeAmount.nanoseconds(idleTimeout.components.seconds * 1_000_000_000 + idleTimeout.components.attoseconds / 1_000_000_000)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 32)
            // Reading starts once a connection is taken from the accept stream (`connection(_:)`).
            .childChannelOption(.autoRead, value: false)
            .bind(unixDomainSocketPath: staging) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idle))
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: ControlProtocol.maximumRequestBytes, overlongLines: .fail)))
                    try channel.pipeline.syncOperations.addHandler(CloseWhenIdleHandler())
                    return channel
                }
            }
        guard chmod(staging, 0o660) == 0, rename(staging, socketPath) == 0 else {
            let failure = SystemError.current("make the control socket", path: socketPath)
            unlink(staging)
            try? await server.channel.close()
            throw failure
        }
        defer { unlink(socketPath) }
        logger.info("control socket ready", metadata: ["control.socket": "\(socketPath)"])
        let slots = ConnectionSlots(limit: maximumConnections)
        do {
            try await cancelWhenGracefulShutdown {
                try await server.executeThenClose { connections in
                    try await withThrowingDiscardingTaskGroup { group in
                        for try await channel in connections {
                            guard slots.take() else {
                                group.addTask { await refuse(channel) }
                                continue
                            }
                            group.addTask {
                                await serve(channel)
                                slots.release()
                            }
                        }
                    }
                }
            }
        } catch is CancellationError {
            // Graceful shutdown: the socket closes and is removed.
        }
    }

    /// Wraps an accepted channel for Swift concurrency and starts reading from it. The bootstrap hands out
    /// plain channels: NIO traps when a wrapped connection still waiting in the accept stream is dropped
    /// (a shutdown racing a new connection), while a plain one is closed by its idle handler.
    private static func connection(_ channel: any Channel) async throws -> NIOAsyncChannel<LineFrameDecoder.Frame, ByteBuffer> {
        try await channel.eventLoop.submit {
            // One closed by its idle timeout while it waited would leave the new handlers half set up.
            guard channel.isActive else { throw ChannelError.ioOnClosedChannel }
            let connection = try NIOAsyncChannel<LineFrameDecoder.Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
            try channel.pipeline.syncOperations.handler(type: CloseWhenIdleHandler.self).served = true
            try channel.syncOptions?.setOption(.autoRead, value: true)
            return connection
        }.get()
    }

    private func serve(_ channel: any Channel) async {
        do {
            try await Self.connection(channel).executeThenClose { frames, answers in
                do {
                    for try await frame in frames {
                        guard case .line(let line) = frame else {
                            try await refuseTooLarge(answers)
                            return
                        }
                        let answer = await handlers.answer(Data(line.readableBytesView))
                        try await answers.write(Self.line(answer))
                    }
                } catch is LineFrameDecoder.LineTooLong {
                    try await refuseTooLarge(answers)
                }
            }
        } catch {
            logger.debug("control connection ended", metadata: ["error": "\(error)"])
        }
    }

    /// Answers a request over the size limit; the connection closes next.
    private func refuseTooLarge(_ answers: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
        let limit = ControlProtocol.maximumRequestBytes
        logger.warning("control request too large; closing", metadata: ["control.limit": "\(limit)"])
        try await answers.write(Self.line(ControlHandlers.failure(id: 0, .tooLarge, "requests are limited to \(limit) bytes")))
    }

    private func refuse(_ channel: any Channel) async {
        logger.warning("too many control connections; refusing one", metadata: ["control.limit": "\(maximumConnections)"])
        try? await Self.connection(channel).executeThenClose { _, answers in
            try await answers.write(Self.line(ControlHandlers.failure(id: 0, .failed, "the service is busy with \(maximumConnections) other connections; try again")))
        }
    }

    private static func line(_ data: Data) -> ByteBuffer {
        var buffer = ByteBuffer(bytes: data)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }
}

/// Counts the connections being served against the limit.
private final class ConnectionSlots: Sendable {
    private let limit: Int
    private let active = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot; `false` when all are in use.
    func take() -> Bool {
        active.withLock { active in
            guard active < limit else { return false }
            active += 1
            return true
        }
    }

    func release() {
        active.withLock { $0 -= 1 }
    }
}

/// Closes a connection that has been silent for the idle timeout, unless a request of its waits for its
/// answer: `reload --wait` may take a provider's whole timeout. Silence counts only once the service reads
/// the connection: one the service has not got round to yet (a busy moment) is closed only after
/// `unservedPeriods` timeouts, so a burst of load is never taken for a silent client.
private final class CloseWhenIdleHandler: ChannelDuplexHandler {
    typealias InboundIn = LineFrameDecoder.Frame
    typealias InboundOut = LineFrameDecoder.Frame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private static let unservedPeriods = 6

    /// Requests read and not yet answered (one answer line each).
    private var unanswered = 0
    /// Whether the service has started reading (the connection was taken from the accept stream).
    var served = false
    private var idlePeriodsUnserved = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        unanswered += 1
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        unanswered = max(0, unanswered - 1)
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is IdleStateHandler.IdleStateEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if served {
            if unanswered == 0 { context.close(promise: nil) }
        } else {
            idlePeriodsUnserved += 1
            if idlePeriodsUnserved >= Self.unservedPeriods { context.close(promise: nil) }
        }
    }
}
