public import HTTPTypes
public import Hummingbird
import NIOCore

/// The headers and shapes of every page the hub serves to a browser.
public enum WebResponses {
    /// Headers for every HTML page: no script at all, styles and images only from the hub itself, forms
    /// posted only to it, never framed, never cached, no referrer sent away.
    public static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy:
            "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "same-origin",
    ]

    /// An HTML page.
    public static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: pageHeaders, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A stylesheet served from the hub.
    public static func stylesheet(_ css: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=3600", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: css)))
    }

    /// A PNG made for one session (a preview): never cached.
    static func image(_ png: [UInt8]) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// `303 See Other` to one of the hub's own pages (never to a place a request named).
    static func redirect(to page: WebPath) -> Response {
        Response(status: .seeOther, headers: [.location: page.rawValue, .cacheControl: "no-store"])
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
}

/// The pages a redirect may lead to: a fixed list, so no request can send a browser elsewhere.
enum WebPath: String, Sendable {
    case status = "/"
    case signIn = "/sign-in"
    case weather = "/settings/weather"
    case password = "/settings/password"
    case displays = "/settings/displays"
    case panel = "/settings/panel"
    case sensors = "/settings/sensors"

    /// The page after sign-in: `next` when it names one of the settings pages, the Weather page otherwise.
    static func afterSignIn(_ next: String?) -> WebPath {
        switch next.flatMap(WebPath.init(rawValue:)) {
        case .weather?: .weather
        case .password?: .password
        case .displays?: .displays
        case .panel?: .panel
        case .sensors?: .sensors
        default: .weather
        }
    }
}
