#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HTTPTypes
public import HubConfig
public import HubDisplays
public import HubSystem
public import HubWeb
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import InkUI
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif
import NIOSSL
public import ServiceLifecycle

/// The hub's web side, on Hummingbird over the event loop the hub already runs: TRMNL's device API, each
/// display's image with ETags, the read-only status page and the signed-in pages (`HubWeb`). Requests
/// read frames the schedulers composed earlier, so a slow or hostile client never holds up rendering.
public struct HubHTTPServer: Service {
    /// What the server serves.
    public struct Parts: Sendable {
        public var displays: [NetworkDisplay]
        public var registry: DeviceRegistry
        public var logs: DeviceLogStore
        /// The wired panel and the hub's state, for the status page.
        public var statusPage: @Sendable () async -> StatusPageModel
        /// The wired panel's frame now, for `/status/panel.png`.
        public var panelFrame: @Sendable () -> Frame?
        /// The wall clock devices are told to wake by: the displays' schedulers' clock.
        public var now: @Sendable () -> Date
        /// The signed-in pages (sign-in, settings); `nil` serves none.
        public var web: WebPages?

        public init(
            displays: [NetworkDisplay], registry: DeviceRegistry, logs: DeviceLogStore,
            panelFrame: @escaping @Sendable () -> Frame? = { nil }, now: @escaping @Sendable () -> Date = { Date() },
            web: WebPages? = nil, statusPage: @escaping @Sendable () async -> StatusPageModel
        ) {
            self.displays = displays
            self.registry = registry
            self.logs = logs
            self.panelFrame = panelFrame
            self.now = now
            self.web = web
            self.statusPage = statusPage
        }
    }

    /// How long an idle connection stays open.
    static let idleTimeout: TimeAmount = .seconds(30)

    let settings: HTTPSettings
    let parts: Parts
    let logger: Logger
    let heapTrim: QuietHeapTrim
    let onListening: @Sendable (Int) async -> Void

    /// - Parameters:
    ///   - heapTrim: gives the memory a burst of requests left free back to the system once it is over.
    ///   - onListening: called with the bound port once the server listens (port 0 picks one).
    public init(
        settings: HTTPSettings, parts: Parts, logger: Logger, heapTrim: QuietHeapTrim = QuietHeapTrim(),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.settings = settings
        self.parts = parts
        self.logger = logger
        self.heapTrim = heapTrim
        self.onListening = onListening
    }

    /// Serves until graceful shutdown. This is Hummingbird's `Application.run` without its date cache,
    /// whose timer would wake the idle hub every second (the `Date` header is made per request instead), and
    /// with a listening socket on each event loop (`LoopListeners`).
    public func run() async throws {
        let responder = makeRouter().buildResponder()
        let dateHeader = DateHeader()
        let connection = try makeConnection { [logger] request, writer, channel in
            let context = HubRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            var response: Response
            do {
                response = try await responder.respond(to: request, context: context)
            } catch let error as HTTPParserError {
                throw error  // HummingbirdCore answers 400 and closes the connection
            } catch {
                logger.debug("request failed: \(error)")
                response = Response(status: .internalServerError)
            }
            response.headers[.date] = dateHeader.now()
            response.headers[.server] = "WeatherHub"
            do {
                try await writer.write(response: response.head, body: response.body)
            } catch is HTTPParserError {
                throw ResponseNotWritten()  // not the parser error: that would make HummingbirdCore answer twice
            }
        }
        do {
            try await serve(connection)
        } catch let error as IOError {
            throw HTTPSetupError(message: "the web side cannot listen on \(settings.address):\(settings.port): \(Self.advice(for: error))")
        }
    }

    private func serve(_ connection: some ServerChildChannel) async throws {
        let listeners = LoopListeners(
            connection: connection, loops: Array(MultiThreadedEventLoopGroup.singleton.makeIterator()), logger: logger)
        try await listeners.run(host: settings.address, port: settings.port) { [onListening, logger, settings] port in
            logger.notice("web side listening on \(settings.tls == nil ? "http" : "https")://\(settings.address):\(port)")
            await onListening(port)
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

    func makeRouter() -> Router<HubRequestContext> {
        let router = Router(context: HubRequestContext.self)
        router.add(middleware: HeapTrimMiddleware(heapTrim: heapTrim))
        let scheme = settings.tls == nil ? "http" : "https"
        let images = ImageLinks(publicURL: settings.publicURL, scheme: scheme, registry: parts.registry)
        // The device API touches the registry and the disk: each device has a budget. Images are bytes
        // encoded once per frame, served without limit.
        let api = router.group("api").add(middleware: RateLimitMiddleware(budget: RequestBudget()))
        TRMNLRoutes(
            displays: parts.displays, registry: parts.registry, logs: parts.logs, images: images, now: parts.now, logger: logger
        ).add(to: api)
        ImageRoutes(displays: parts.displays, registry: parts.registry).add(to: router)
        if settings.statusPage {
            StatusPageRoutes(
                displays: parts.displays, registry: parts.registry, logs: parts.logs, model: parts.statusPage, panelFrame: parts.panelFrame,
                web: parts.web
            ).add(to: router)
        }
        parts.web?.add(to: router)
        return router
    }

    /// What each connection runs: HTTP/1.1 with the hub's limits, inside TLS when configured.
    private func makeConnection(_ respond: @escaping HTTPChannelHandler.Responder) throws -> any ServerChildChannel {
        let http1 = HTTP1Channel(responder: respond, configuration: .init(
            idleTimeout: Self.idleTimeout,
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 64)))
        guard let tls = settings.tls else { return http1 }
        do {
            let configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(tls.certificate).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: tls.privateKey, format: .pem)))
            return try TLSChannel(http1, tlsConfiguration: configuration)
        } catch {
            throw HTTPSetupError(message: "cannot use the TLS certificate \(tls.certificate) and key \(tls.privateKey): \(error)")
        }
    }
}

/// Why the web side cannot start.
public struct HTTPSetupError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
