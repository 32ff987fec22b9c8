#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubConfig
public import HubDisplays
public import HubSystem
public import HubWeb
import Hummingbird
public import InkUI
public import Logging
import NIOCore
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
    let front: WebFront?
    let onListening: @Sendable (Int) async -> Void

    /// - Parameters:
    ///   - heapTrim: gives the memory a burst of requests left free back to the system once it is over.
    ///   - front: the service's lasting sockets, which this build answers through; `nil` opens its own.
    ///   - onListening: called with the bound port once the server answers (port 0 picks one).
    public init(
        settings: HTTPSettings, parts: Parts, logger: Logger, heapTrim: QuietHeapTrim = QuietHeapTrim(), front: WebFront? = nil,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.settings = settings
        self.parts = parts
        self.logger = logger
        self.heapTrim = heapTrim
        self.front = front
        self.onListening = onListening
    }

    /// Serves until graceful shutdown through `front`, or through sockets of its own without one. This is
    /// Hummingbird's `Application.run` without its date cache, whose timer would wake the idle hub every
    /// second (the `Date` header is made per request instead), and with a listening socket on each event
    /// loop (`LoopListeners`).
    public func run() async throws {
        let responder = makeRouter().buildResponder()
        if let front {
            try await front.host(responder, settings: settings, onListening: onListening)
            return
        }
        let own = WebFront(logger: logger)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await own.run() }
            try await own.host(responder, settings: settings, onListening: onListening)
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
}

/// Why the web side cannot start.
public struct HTTPSetupError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
