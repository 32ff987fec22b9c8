import NIOCore
import NIOPosix

/// A loopback server that closes every connection as soon as it accepts it, before reading or writing a
/// byte: a server, or something in between, that hangs up in the middle of a TLS handshake.
public final class HangingUpServer: StoppableServer {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    private let listener: any Channel

    /// Starts one on a free port of 127.0.0.1.
    public static func start() async throws -> HangingUpServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.close() }
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
