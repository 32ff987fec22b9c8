import HubActions
import Hummingbird
import Logging
import NIOPosix

/// `GET /sign-in`, `POST /sign-in` and `POST /sign-out`. A browser gets a visitor session with the
/// sign-in page (its form needs a CSRF token too); a right password replaces it with a new, signed-in
/// session. Wrong passwords are counted per address and slowed by `SignInThrottle`.
struct SignInRoutes {
    let pages: WebPages

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("sign-in") { request, _ in
            if let session = pages.session(of: request), session.signedIn { return WebResponses.redirect(to: .weather) }
            return signInPage(request: request, next: request.uri.queryParameters["next"].map(String.init))
        }
        router.post("sign-in") { request, context in
            try await pages.posting(request, signedIn: false) { form, session in
                try await signIn(form: form, session: session, peer: context.peer)
            }
        }
        router.post("sign-out") { request, context in
            try await pages.posting(request) { _, session in
                pages.sessions.remove(id: session.id)
                pages.logger.notice("web: signed out", metadata: ["web.client": "\(context.peer)"])
                var response = WebResponses.redirect(to: .status)
                response.setCookie(pages.cookies.expired)
                return response
            }
        }
    }

    /// The sign-in page, with a new visitor session when the browser has none.
    private func signInPage(request: Request, next: String?) -> Response {
        let existing = pages.session(of: request)
        let session = existing ?? pages.sessions.create(signedIn: false)
        var chrome = pages.chrome(for: session)
        chrome.onSignIn = true
        let page = SignInPage(chrome: chrome, passwordIsSet: pages.passwordIsSet, next: WebPath.afterSignIn(next).rawValue)
        var response = rendered(page, status: .ok)
        if existing == nil { response.setCookie(pages.cookies.cookie(for: session, lifetime: WebSessionStore.visitorLifetime)) }
        return response
    }

    private func signIn(form: WebForm, session: WebSession, peer: String) async throws -> Response {
        guard pages.passwordIsSet else {
            return pages.refusal(
                .forbidden, heading: "No password yet", message: "Set one first: on the hub, run weatherctl web password.", session: session)
        }
        if let wait = pages.throttle.wait(for: peer) {
            pages.logger.notice("web: sign-in refused, too many wrong passwords", metadata: ["web.client": "\(peer)"])
            return pages.refusal(
                .tooManyRequests, heading: "Too many wrong passwords",
                message: "Too many wrong passwords came from your address. Try again in \(wait.components.seconds) s.", session: session)
        }
        let password = pages.parts.password
        let typed = form.text("password")
        let right = try await NIOThreadPool.singleton.runIfActive { password.verify(typed) }
        guard right else {
            pages.throttle.recordFailure(from: peer)
            pages.logger.notice("web: wrong password", metadata: ["web.client": "\(peer)"])
            return rendered(
                SignInPage(chrome: problemChrome("Wrong password.", session: session), passwordIsSet: true, next: WebPath.afterSignIn(form["next"]).rawValue),
                status: .unauthorized)
        }
        pages.throttle.recordSuccess(from: peer)
        pages.sessions.remove(id: session.id)
        let signedIn = pages.sessions.create(signedIn: true)
        pages.logger.notice("web: signed in", metadata: ["web.client": "\(peer)"])
        var response = WebResponses.redirect(to: WebPath.afterSignIn(form["next"]))
        response.setCookie(pages.cookies.cookie(for: signedIn, lifetime: WebSessionStore.signedInLifetime))
        return response
    }

    private func problemChrome(_ problem: String, session: WebSession) -> PageChrome {
        var chrome = pages.chrome(for: session)
        chrome.problem = problem
        chrome.onSignIn = true
        return chrome
    }

    private func rendered(_ page: SignInPage, status: HTTPResponse.Status) -> Response {
        WebResponses.page(pages.renderer.render(page, template: "sign-in"), status: status)
    }
}
