#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import HubConfig
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
public import ServiceLifecycle
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The web side's listening sockets for the service's whole life, and the build of the hub that answers
/// through them. Each build hosts its routes (`HubHTTPServer` with this front); a request that arrives
/// while the hub rebuilds itself waits for the next build instead of finding the port closed, and a
/// browser's open connection stays open. The sockets move only when a build asks for another address,
/// port or certificate.
public final class WebFront: Service, Sendable {
    private enum Command: Sendable {
        /// The reply is the port, or `nil` when the service is stopping.
        case listen(ListenerIdentity, reply: CheckedContinuation<Int?, any Error>)
        case close(reply: CheckedContinuation<Void, Never>)
    }

    /// The build answering requests, and the requests waiting for one; closed while no build will come
    /// (the web side was taken out, or the service stops).
    private struct Slot {
        var tenant: WebTenant?
        var waiting: [CheckedContinuation<WebTenant?, Never>] = []
        var closed = false
    }

    private let logger: Logger
    private let commands: AsyncStream<Command>
    private let commandQueue: AsyncStream<Command>.Continuation
    private let slot = Mutex(Slot())
    private let dateHeader = DateHeader()

    public init(logger: Logger) {
        self.logger = logger
        (commands, commandQueue) = AsyncStream.makeStream(of: Command.self)
    }

    /// Opens, moves and closes the sockets as builds ask, until graceful shutdown, which stops accepting,
    /// lets open requests finish and answers the ones waiting for a build with 503.
    public func run() async {
        await withDiscardingTaskGroup { group in
            var active: (identity: ListenerIdentity, port: Int, stop: ListenerStop)?
            await withGracefulShutdownHandler {
                for await command in commands {
                    switch command {
                    case .listen(let identity, let reply):
                        if let active, active.identity == identity {
                            reply.resume(returning: active.port)
                            continue
                        }
                        await active?.stop.request()
                        active = nil
                        guard !Task.isShuttingDownGracefully else {
                            reply.resume(returning: nil)
                            continue
                        }
                        let stop = ListenerStop()
                        let started = await withCheckedContinuation { (started: CheckedContinuation<Result<Int, any Error>, Never>) in
                            group.addTask { await self.listen(identity, stop: stop, started: started) }
                        }
                        reply.resume(with: started.map { $0 })
                        if case .success(let port) = started { active = (identity, port, stop) }
                    case .close(let reply):
                        await active?.stop.request()
                        active = nil
                        close()
                        reply.resume()
                    }
                }
            } onGracefulShutdown: { [commandQueue] in
                commandQueue.finish()
            }
            close()
        }
    }

    /// No build serves the web side (`http:` was taken out): the sockets close.
    public func closeListener() async {
        await withCheckedContinuation { reply in
            if case .terminated = commandQueue.yield(.close(reply: reply)) { reply.resume() }
        }
    }

    /// Serves `responder` on sockets with `settings` until graceful shutdown of the calling task, then
    /// lets the requests it is answering finish; calls `onListening` with the port once it answers.
    /// When the service is already stopping, it only waits for the shutdown.
    ///
    /// - Throws: `HTTPSetupError` when the sockets cannot be opened (a port taken, a certificate that does
    ///   not load); the sockets of the build before are closed by then.
    func host(_ responder: RouterResponder<HubRequestContext>, settings: HTTPSettings, onListening: (Int) async -> Void) async throws {
        let identity = ListenerIdentity(settings)
        let listening = try await withCheckedThrowingContinuation { reply in
            if case .terminated = commandQueue.yield(.listen(identity, reply: reply)) { reply.resume(returning: nil) }
        }
        guard let port = listening else {
            try? await gracefulShutdown()
            return
        }
        let tenant = WebTenant(responder: responder)
        let waiting = slot.withLock { slot in
            slot.tenant = tenant
            slot.closed = false
            defer { slot.waiting = [] }
            for _ in slot.waiting { _ = tenant.begin() }  // a build just installed takes every request
            return slot.waiting
        }
        for request in waiting { request.resume(returning: tenant) }
        await onListening(port)
        try? await gracefulShutdown()
        slot.withLock { slot in
            if slot.tenant === tenant { slot.tenant = nil }
        }
        await tenant.drain()
    }

    /// The build to answer a request: the running one, or during a rebuild the next; `nil` once no build
    /// will come (the service stops or the web side was taken out).
    private func admit() async -> WebTenant? {
        if let tenant = slot.withLock({ slot in slot.tenant.flatMap { $0.begin() ? $0 : nil } }) { return tenant }
        return await withCheckedContinuation { request in
            let admitted: WebTenant?? = slot.withLock { slot in
                if let tenant = slot.tenant, tenant.begin() { return .some(tenant) }
                if slot.closed { return .some(nil) }
                slot.waiting.append(request)
                return .none
            }
            if let admitted { request.resume(returning: admitted) }
        }
    }

    /// How many requests wait for the next build.
    var waitingRequests: Int { slot.withLock { $0.waiting.count } }

    /// No build will come: the requests waiting get 503, and so do later ones until a build is hosted.
    private func close() {
        let waiting = slot.withLock { slot in
            slot.closed = true
            defer { slot.waiting = [] }
            return slot.waiting
        }
        for request in waiting { request.resume(returning: nil) }
    }

    /// Runs one set of sockets until `stop` or graceful shutdown; `started` hears the port or why not.
    private func listen(_ identity: ListenerIdentity, stop: ListenerStop, started: CheckedContinuation<Result<Int, any Error>, Never>) async {
        let settings = identity.settings
        do {
            try await listen(settings, connection: try makeConnection(tls: settings.tls), stop: stop) { port in
                started.resume(returning: .success(port))
            }
        } catch let error as IOError {
            started.resume(returning: .failure(
                HTTPSetupError(message: "the web side cannot listen on \(settings.address):\(settings.port): \(Self.advice(for: error))")))
        } catch {
            started.resume(returning: .failure(error))
        }
    }

    private func listen(
        _ settings: HTTPSettings, connection: some ServerChildChannel, stop: ListenerStop, onListening: (Int) async -> Void
    ) async throws {
        let listeners = LoopListeners(connection: connection, loops: Array(MultiThreadedEventLoopGroup.singleton.makeIterator()), logger: logger)
        try await listeners.run(host: settings.address, port: settings.port, stop: stop) { [logger] port in
            logger.notice("web side listening on \(settings.tls == nil ? "http" : "https")://\(settings.address):\(port)")
            await onListening(port)
        }
    }

    /// What each connection runs: HTTP/1.1 with the hub's limits, inside TLS when configured; each request
    /// answered by the build admitted for it.
    private func makeConnection(tls: HTTPSettings.TLSFiles?) throws -> any ServerChildChannel {
        let http1 = HTTP1Channel(
            responder: { [self] request, writer, channel in try await answer(request, writer: writer, channel: channel) },
            configuration: .init(
                idleTimeout: HubHTTPServer.idleTimeout,
                httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 64)))
        guard let tls else { return http1 }
        do {
            let configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(tls.certificate).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: tls.privateKey, format: .pem)))
            return try TLSChannel(http1, tlsConfiguration: configuration)
        } catch {
            throw HTTPSetupError(message: "cannot use the TLS certificate \(tls.certificate) and key \(tls.privateKey): \(error)")
        }
    }

    private func answer(_ request: Request, writer: consuming ResponseWriter, channel: any Channel) async throws {
        let context = HubRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        let tenant = await admit()
        defer { tenant?.end() }
        var response: Response
        if let tenant {
            do {
                response = try await tenant.responder.respond(to: request, context: context)
            } catch let error as HTTPParserError {
                throw error  // HummingbirdCore answers 400 and closes the connection
            } catch {
                logger.debug("request failed: \(error)")
                response = Response(status: .internalServerError)
            }
        } else {
            response = Responses.text("WeatherHub is stopping or its web side was turned off; try again in a moment.", status: .serviceUnavailable)
            response.headers[.retryAfter] = "5"
        }
        response.headers[.date] = dateHeader.now()
        response.headers[.server] = "WeatherHub"
        do {
            try await writer.write(response: response.head, body: response.body)
        } catch is HTTPParserError {
            throw ResponseNotWritten()  // not the parser error: that would make HummingbirdCore answer twice
        }
    }

    /// The request's body turned out malformed while its answer was written; the connection closes.
    private struct ResponseNotWritten: Error {}

    private static func advice(for error: IOError) -> String {
        switch error.errnoCode {
        case EADDRINUSE: "another program uses the port; stop it or set another `http.port`"
        case EACCES: "ports below 1024 need privileges; set `http.port` to 1024 or above (the default is 2300)"
        case EADDRNOTAVAIL: "no interface has this address; set `http.address` to one of this machine's, or 0.0.0.0"
        default: "\(error)"
        }
    }
}

/// What the sockets depend on: the address, the port and the certificate, by its files' contents, so a
/// renewed certificate is taken up on reload.
struct ListenerIdentity: Equatable, Sendable {
    let settings: HTTPSettings
    private let certificateFiles: [Data?]

    init(_ settings: HTTPSettings) {
        self.settings = settings
        certificateFiles = [settings.tls?.certificate, settings.tls?.privateKey].map { path in
            path.flatMap { FileManager.default.contents(atPath: $0) }
        }
    }

    static func == (lhs: ListenerIdentity, rhs: ListenerIdentity) -> Bool {
        lhs.settings.address == rhs.settings.address && lhs.settings.port == rhs.settings.port && lhs.settings.tls == rhs.settings.tls
            && lhs.certificateFiles == rhs.certificateFiles
    }
}

/// A build's routes while they answer through the front, with the requests they are answering, so the
/// build shuts down only after its last answer.
final class WebTenant: Sendable {
    private struct Requests {
        var open = 0
        var withdrawn = false
        var drained: CheckedContinuation<Void, Never>?
    }

    let responder: RouterResponder<HubRequestContext>
    private let requests = Mutex(Requests())

    init(responder: RouterResponder<HubRequestContext>) {
        self.responder = responder
    }

    /// Counts a request in; false once the build is withdrawn.
    func begin() -> Bool {
        requests.withLock { requests in
            guard !requests.withdrawn else { return false }
            requests.open += 1
            return true
        }
    }

    /// Counts an answered request out.
    func end() {
        let drained = requests.withLock { requests in
            requests.open -= 1
            defer { if requests.open == 0 { requests.drained = nil } }
            return requests.open == 0 ? requests.drained : nil
        }
        drained?.resume()
    }

    /// Takes no more requests and returns once every open one is answered.
    func drain() async {
        await withCheckedContinuation { drained in
            let done = requests.withLock { requests in
                requests.withdrawn = true
                if requests.open > 0 { requests.drained = drained }
                return requests.open == 0
            }
            if done { drained.resume() }
        }
    }
}
