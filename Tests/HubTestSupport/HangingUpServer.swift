import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// A loopback server that hangs up on every connection without writing a byte, as soon as it accepts it
/// or once the client has sent something: a server, or something in between, that drops the client in the
/// middle of a TLS handshake.
public final class HangingUpServer: StoppableServer {
    /// How the server hangs up.
    public enum Manner: Sendable {
        /// An orderly end of its side (FIN): the client reads the end of the stream.
        case closing
        /// A reset (RST) once the client has sent something: its read of the answer fails.
        case resetting
    }

    /// The port it listens on (127.0.0.1).
    public let port: Int
    private let listener: any Channel

    /// Starts one on a free port of 127.0.0.1.
    public static func start(_ manner: Manner) async throws -> HangingUpServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(HangUpHandler(manner: manner)) }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return HangingUpServer(listener: listener, port: listener.localAddress?.port ?? 0)
    }

    private init(listener: any Channel, port: Int) {
        self.listener = listener
        self.port = port
    }

    public func stop() async throws {
        try await listener.close()
    }
}

private final class HangUpHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let manner: HangingUpServer.Manner

    init(manner: HangingUpServer.Manner) {
        self.manner = manner
    }

    func channelActive(context: ChannelHandlerContext) {
        if manner == .closing { context.close(mode: .output, promise: nil) }
        context.fireChannelActive()
    }

    /// A reset once the client has spoken, so that it is waiting for an answer when the reset comes.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard manner == .resetting else { return }
        // Lingering for zero seconds makes close send a reset instead of ending the stream; on the
        // channel's own event loop the option is set at once.
        _ = (context.channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        context.close(promise: nil)
    }
}
