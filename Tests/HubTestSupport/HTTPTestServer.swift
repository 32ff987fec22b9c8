import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// A real HTTP/1.1 server on a free loopback port, for tests of HTTP clients. It answers each request
/// with whatever its handler returns: any status, headers and body, delivered at once, after a delay, in
/// a trickle, cut off mid-body, or never. It records every request it reads. With a certificate it speaks
/// HTTPS. Start one per test; they run in parallel on their own ports.
public final class HTTPTestServer: StoppableServer {
    /// A request as the server read it.
    public struct Request: Sendable, Hashable {
        public var method: String
        /// The request target exactly as sent ("/data/2.5/weather?q=Z%C3%BCrich&appid=…").
        public var target: String
        /// The target's path, not decoded.
        public var path: String
        /// The query items, percent-decoded, in order.
        public var query: [QueryItem]
        public var headers: [Header]
        public var body: [UInt8]

        /// The decoded value of the first query item with that name.
        public func queryValue(_ name: String) -> String? {
            query.first { $0.name == name }?.value
        }
    }

    /// One decoded `name=value` pair of a query.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A header field.
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// How the response reaches the client.
    public enum Delivery: Sendable, Hashable {
        /// All at once.
        case immediately
        /// Nothing until the delay has passed, then all at once.
        case afterDelay(Duration)
        /// Headers at once, then the body `chunkSize` bytes at a time every `interval`.
        case trickle(chunkSize: Int, interval: Duration)
        /// Headers with the full `Content-Length`, then only the first `bytes` of the body, then the
        /// connection closes.
        case cutOff(afterBodyBytes: Int)
        /// The request is read and never answered; the connection stays open until the server stops.
        case never
    }

    /// What to answer.
    public struct Response: Sendable, Hashable {
        public var status: Int
        public var headers: [Header]
        public var body: [UInt8]
        public var delivery: Delivery

        public init(status: Int = 200, headers: [Header] = [], body: [UInt8] = [], delivery: Delivery = .immediately) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delivery = delivery
        }

        /// A JSON body (`Content-Type: application/json; charset=utf-8`).
        public static func json(_ text: String, status: Int = 200, headers: [Header] = [], delivery: Delivery = .immediately) -> Response {
            Response(
                status: status, headers: [Header(name: "Content-Type", value: "application/json; charset=utf-8")] + headers,
                body: Array(text.utf8), delivery: delivery)
        }
    }

    /// Decides the response to a request; called on the server's event loop, so it must not block.
    public typealias Handler = @Sendable (Request) -> Response

    private let core: HTTPTestServerCore
    private let listener: Mutex<(any Channel)?>
    /// The port the server listens on (127.0.0.1).
    public let port: Int

    private let scheme: String

    /// `http://127.0.0.1:<port>`, or `https://` with a certificate.
    public var baseURL: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Every request read so far, in arrival order.
    public var requests: [Request] { core.requests }

    /// Starts a server on a free port of 127.0.0.1; with `certificate` (PEM files of a certificate and
    /// its key) it speaks HTTPS.
    public static func start(
        handler: @escaping Handler = { _ in Response(status: 404) }, certificate: (file: String, keyFile: String)? = nil
    ) async throws -> HTTPTestServer {
        let core = HTTPTestServerCore(handler: handler)
        let tls = try certificate.map { certificate in
            try NIOSSLContext(configuration: .makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.file).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyFile, format: .pem))))
        }
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                core.track(channel)
                return channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(HTTPTestServerHandler(core: core))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return HTTPTestServer(core: core, listener: channel, port: channel.localAddress?.port ?? 0, scheme: tls == nil ? "http" : "https")
    }

    private init(core: HTTPTestServerCore, listener: any Channel, port: Int, scheme: String) {
        self.core = core
        self.listener = Mutex(listener)
        self.port = port
        self.scheme = scheme
    }

    /// Starts a server, runs `body` with it and stops it, also when `body` throws.
    @discardableResult
    public static func withRunningServer<Result>(
        handler: @escaping Handler = { _ in Response(status: 404) },
        _ body: (HTTPTestServer) async throws -> Result
    ) async throws -> Result {
        try await start(handler: handler).run(body)
    }

    /// Returns once at least `count` requests have been read (at once if they already have).
    public func waitForRequests(count: Int) async {
        await core.waitForRequests(count: count)
    }

    /// Replaces the handler for the requests that follow.
    public func setHandler(_ handler: @escaping Handler) {
        core.setHandler(handler)
    }

    /// Stops listening and closes every connection still open (those left waiting by `.never`).
    public func stop() async throws {
        let channel = listener.withLock { channel in
            defer { channel = nil }
            return channel
        }
        try await channel?.close()
        for connection in core.takeConnections() {
            try? await connection.close()
        }
    }
}

/// The server's shared state: the handler, the recorded requests and the open connections.
final class HTTPTestServerCore: Sendable {
    private struct State {
        var handler: HTTPTestServer.Handler
        var requests: [HTTPTestServer.Request] = []
        var connections: [any Channel] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(handler: @escaping HTTPTestServer.Handler) {
        state = Mutex(State(handler: handler))
    }

    var requests: [HTTPTestServer.Request] { state.withLock { $0.requests } }

    func setHandler(_ handler: @escaping HTTPTestServer.Handler) {
        state.withLock { $0.handler = handler }
    }

    func track(_ channel: any Channel) {
        state.withLock { $0.connections.append(channel) }
    }

    func takeConnections() -> [any Channel] {
        state.withLock { state in
            defer { state.connections.removeAll() }
            return state.connections
        }
    }

    func waitForRequests(count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.requests.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Records the request, wakes those waiting for it and asks the handler for the response.
    func answer(_ request: HTTPTestServer.Request) -> HTTPTestServer.Response {
        let (handler, woken) = state.withLock { state in
            state.requests.append(request)
            let count = state.requests.count
            let woken = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return (state.handler, woken)
        }
        for continuation in woken { continuation.resume() }
        return handler(request)
    }
}
