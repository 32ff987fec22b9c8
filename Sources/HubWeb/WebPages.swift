#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubActions
public import HubConfig
public import HubDisplays
public import Hummingbird
public import Logging
public import Sensors
public import WeatherInfoKit

/// The signed-in pages of the hub's web side: sign-in and sign-out, the Weather page (the city, through
/// the same `HubActions.setCity` as `weatherctl city set` and MQTT, and the OpenWeatherMap key), the
/// Displays page (approving and removing TRMNL devices) and the password change. The browser is the
/// third door to `HubActions`: these routes parse forms, call the core and render its result. Every page
/// carries a Content-Security-Policy without script, every form a per-session CSRF token, and every
/// write needs a signed-in session.
public struct WebPages: Sendable {
    /// What the pages work with.
    public struct Parts: Sendable {
        public var actions: HubActions
        public var password: WebPassword
        /// The city shown while none was chosen.
        public var defaultCity: Location
        /// The path of the panel's current image (with a version that changes with its pixels), or `nil`.
        public var panelImage: @Sendable () -> String?
        /// Whether the pages are served over TLS: the session cookie is then `Secure`.
        public var secureCookies: Bool
        /// The networked displays and their devices, for the Displays page; `nil` where the hub has none.
        public var displays: (@Sendable () async -> DisplaysReport)?
        /// The wall clock sessions and sign-in delays follow.
        public var now: @Sendable () -> Date
        /// How the service's last configuration reload ended (`ConfigurationReloads.lastOutcome`), for the
        /// page after a saved setting; `nil` where nothing applies the file.
        public var lastReload: (@Sendable () async -> ConfigurationReloads.Outcome?)?
        /// A screen as a configuration would show it now, as a PNG (the Panel and Displays pages'
        /// previews), or `nil` for a display the configuration does not have; `nil` where the hub cannot
        /// draw previews.
        public var preview: (@Sendable (HubConfiguration, HubScreen) async throws -> [UInt8]?)?
        /// The sensor store, for the Sensors page's sensors and charts; `nil` without a sensor intake (the
        /// page then offers the broker form that starts one).
        public var sensors: SensorStore?

        public init(
            actions: HubActions, password: WebPassword, defaultCity: Location, panelImage: @escaping @Sendable () -> String?,
            secureCookies: Bool, displays: (@Sendable () async -> DisplaysReport)? = nil,
            now: @escaping @Sendable () -> Date = { Date() }, lastReload: (@Sendable () async -> ConfigurationReloads.Outcome?)? = nil,
            preview: (@Sendable (HubConfiguration, HubScreen) async throws -> [UInt8]?)? = nil,
            sensors: SensorStore? = nil
        ) {
            self.actions = actions
            self.password = password
            self.defaultCity = defaultCity
            self.panelImage = panelImage
            self.secureCookies = secureCookies
            self.displays = displays
            self.now = now
            self.lastReload = lastReload
            self.preview = preview
            self.sensors = sensors
        }
    }

    let parts: Parts
    let sessions: WebSessionStore
    let throttle: SignInThrottle
    let cookies: WebSessionCookie
    let renderer = WebRenderer()
    let logger: Logger

    /// Pages remembering sessions in `memory`; a new memory on `parts.now` when `nil`.
    public init(parts: Parts, memory: WebMemory? = nil, logger: Logger) {
        let memory = memory ?? WebMemory(now: parts.now)
        self.parts = parts
        self.sessions = memory.sessions
        self.throttle = memory.throttle
        self.cookies = WebSessionCookie(secure: parts.secureCookies)
        self.logger = logger
    }

    /// Whether a password is set: until then the pages are read-only and say how to set one.
    public var passwordIsSet: Bool { parts.password.isSet }

    /// Adds the pages' routes and their stylesheet to `router`.
    public func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("web.css") { _, _ in WebResponses.stylesheet(WebStyle.css) }
        SignInRoutes(pages: self).add(to: router)
        WeatherRoutes(pages: self).add(to: router)
        APIKeyRoutes(pages: self).add(to: router)
        if let change = parts.actions.configuration {
            WeatherSettingsRoutes(pages: self, change: change).add(to: router)
            if parts.preview != nil {
                PanelRoutes(pages: self, change: change).add(to: router)
                router.get("settings/preview.png") { request, _ in
                    guard let session = session(of: request), session.signedIn, let png = session.preview else {
                        return Response(status: .notFound)
                    }
                    return WebResponses.image(png)
                }
            }
            SensorsRoutes(pages: self, change: change, store: parts.sensors).add(to: router)
        }
        if parts.actions.configuration != nil || parts.displays != nil {
            DisplaysRoutes(pages: self, report: parts.displays, actions: parts.actions.displays, change: parts.actions.configuration).add(to: router)
        }
        PasswordRoutes(pages: self).add(to: router)
        router.get("settings") { request, _ in
            WebResponses.redirect(to: session(of: request)?.signedIn == true ? .weather : .signIn)
        }
    }

    /// The live session the request's cookie names.
    func session(of request: Request) -> WebSession? {
        cookies.sessionID(in: request).flatMap(sessions.session(id:))
    }

    /// The page header for `session`, showing its notice once.
    func chrome(for session: WebSession?) -> PageChrome {
        guard var session else { return PageChrome(signedIn: false, csrf: "") }
        var chrome = PageChrome(signedIn: session.signedIn, csrf: session.csrfToken, notice: session.notice)
        chrome.hasDisplays = parts.actions.configuration != nil || (parts.displays != nil && parts.actions.displays != nil)
        chrome.hasPanel = parts.actions.configuration != nil && parts.preview != nil
        chrome.hasSensors = parts.actions.configuration != nil
        if session.notice != nil {
            session.notice = nil
            sessions.update(session)
        }
        return chrome
    }

    /// A refusal as a page: why, and a link onwards.
    func refusal(
        _ status: HTTPResponse.Status, heading: String, message: String, session: WebSession?, link: WebPath = .signIn,
        linkText: String = "Go to the sign-in page"
    ) -> Response {
        let page = RefusedPage(
            title: heading, chrome: chrome(for: session), heading: heading, message: message, link: link.rawValue, linkText: linkText)
        return WebResponses.page(renderer.render(page, template: "refused"), status: status)
    }
}
