/// Newline-delimited JSON listeners (`echo '{"sensor":"attic","temperature_C":19.5}' | nc -q0 host PORT`).
public struct SocketFeedSettings: Sendable, Equatable {
    /// A TCP address to listen on.
    public struct TCPEndpoint: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String = "127.0.0.1", port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// Default: none.
    public var tcp: [TCPEndpoint]
    /// Unix socket paths. Default: none.
    public var unixSocketPaths: [String]
    /// The topic lines are decoded under, for detection and as the identity of lines that name no
    /// sensor. Default `socket`.
    public var topic: String
    /// Pins a decoder for every line; `nil` (default) detects it from the line's shape.
    public var decoder: SensorEcosystem?
    /// A longer line is dropped (and counted) without being buffered. Default 16 KiB.
    public var maxLineBytes: Int
    /// Further connections are closed at once. Default 16.
    public var maxConnections: Int
    /// A client silent this long is disconnected. Default 5 minutes.
    public var idleTimeout: Duration

    public init(
        tcp: [TCPEndpoint] = [], unixSocketPaths: [String] = [], topic: String = "socket",
        decoder: SensorEcosystem? = nil, maxLineBytes: Int = 16 * 1024, maxConnections: Int = 16,
        idleTimeout: Duration = .seconds(300)
    ) {
        self.tcp = tcp
        self.unixSocketPaths = unixSocketPaths
        self.topic = topic
        self.decoder = decoder
        self.maxLineBytes = maxLineBytes
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
    }

    /// Whether any TCP port or Unix socket is to be listened on.
    public var isEnabled: Bool { !tcp.isEmpty || !unixSocketPaths.isEmpty }
}
