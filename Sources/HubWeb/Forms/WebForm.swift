import HubDisplays
import Hummingbird

/// A posted form (`application/x-www-form-urlencoded`, at most 16 KiB) and whether it carries its
/// session's CSRF token.
struct WebForm: Sendable {
    /// The largest form read.
    static let sizeLimit = 16 * 1024

    let fields: [String: String]

    subscript(_ name: String) -> String? { fields[name] }

    /// The form's field, empty when absent.
    func text(_ name: String) -> String { fields[name] ?? "" }

    /// Reads the form of `request`; a body that is not a form reads as no fields.
    static func read(_ request: Request) async throws -> WebForm {
        let body = try await request.body.collect(upTo: sizeLimit)
        let text = String(buffer: body)
        return WebForm(fields: (try? URLEncodedFormDecoder().decode([String: String].self, from: text)) ?? [:])
    }

    /// Whether the form carries `session`'s CSRF token (compared in constant time).
    func carriesToken(of session: WebSession) -> Bool {
        guard let token = fields["csrf"] else { return false }
        return AccessToken.matches(token, session.csrfToken)
    }
}

extension WebPages {
    /// Answers a write with `body`, given the posted form and its session: only with a live session
    /// (signed in, unless `signedIn` is false: the sign-in form itself) and that session's CSRF token.
    /// Anything else gets a `403` page and changes nothing.
    func posting(
        _ request: Request, signedIn: Bool = true, _ body: (WebForm, WebSession) async throws -> Response
    ) async throws -> Response {
        let form = try await WebForm.read(request)
        guard let session = session(of: request), form.carriesToken(of: session) else {
            return refusal(
                .forbidden, heading: "Form expired",
                message: "This form is no longer valid: it is older than its session, or came from another page. Open the page again and repeat.",
                session: nil)
        }
        guard session.signedIn || !signedIn else {
            return refusal(.forbidden, heading: "Sign in first", message: "Changing settings needs a signed-in session.", session: session)
        }
        return try await body(form, session)
    }
}
