import Hummingbird

/// The session cookie: `HttpOnly` (no script reads it), `SameSite=Strict` (no other site's page sends
/// it), `Secure` with the `__Host-` prefix under TLS, and expiring with its session.
struct WebSessionCookie: Sendable {
    let secure: Bool

    var name: String { secure ? "__Host-weatherhub-session" : "weatherhub-session" }

    /// The cookie that holds `session` until it expires.
    func cookie(for session: WebSession, lifetime: Duration) -> Cookie {
        Cookie(
            name: name, value: session.id, maxAge: Int(lifetime.components.seconds), path: "/", secure: secure, httpOnly: true,
            sameSite: .strict)
    }

    /// The cookie that makes the browser forget its session.
    var expired: Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The session id a request's cookie holds.
    func sessionID(in request: Request) -> String? {
        request.cookies[name].map { String($0.value) }
    }
}
