import HubActions
import Hummingbird
import Logging
import NIOPosix

/// `GET /settings/password` and `POST /settings/password`: the current password (checked, and slowed
/// like a sign-in) and the new one twice. A change signs out every other session.
struct PasswordRoutes {
    let pages: WebPages

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/password") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else {
                return WebResponses.redirect(to: .signIn)
            }
            return render(session: session, problem: nil)
        }
        router.post("settings/password") { request, context in
            try await pages.posting(request) { form, session in
                try await change(form: form, session: session, peer: context.peer)
            }
        }
    }

    private func change(form: WebForm, session: WebSession, peer: String) async throws -> Response {
        if let wait = pages.throttle.wait(for: peer) {
            return render(session: session, problem: "Too many wrong passwords came from your address. Try again in \(wait.components.seconds) s.", status: .tooManyRequests)
        }
        let password = pages.parts.password
        let current = form.text("current")
        guard try await NIOThreadPool.singleton.runIfActive({ password.verify(current) }) else {
            pages.throttle.recordFailure(from: peer)
            pages.logger.notice("web: wrong current password in a password change", metadata: ["web.client": "\(peer)"])
            return render(session: session, problem: "The current password is wrong.", status: .unauthorized)
        }
        pages.throttle.recordSuccess(from: peer)
        guard form.text("new") == form.text("repeat") else {
            return render(session: session, problem: "The two new passwords differ.", status: .unprocessableContent)
        }
        let new = form.text("new")
        do {
            try await NIOThreadPool.singleton.runIfActive { try password.set(new) }
        } catch let error as WebPasswordError {
            return render(session: session, problem: "\(error.description.capitalizedFirst).", status: .unprocessableContent)
        }
        pages.sessions.removeAll(except: session.id)
        pages.logger.notice("web: password changed", metadata: ["web.client": "\(peer)"])
        var saved = session
        saved.notice = "Changed the password. Every other browser is signed out."
        pages.sessions.update(saved)
        return WebResponses.redirect(to: .password)
    }

    private func render(session: WebSession, problem: String?, status: HTTPResponse.Status = .ok) -> Response {
        var chrome = pages.chrome(for: session)
        chrome.onPassword = true
        chrome.problem = problem
        let page = PasswordPage(chrome: chrome, minimumLength: WebPassword.minimumLength)
        return WebResponses.page(pages.renderer.render(page, template: "password"), status: status)
    }
}
