#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubActions
import HubConfig
import Hummingbird

/// `POST /settings/weather/settings`: the weather source and fallback, units, language and clock,
/// written to the configuration file through `HubActions.configuration` (as `weatherctl config set`
/// writes it: checked first, the person's text kept) and applied by the service, which rebuilds
/// itself; the answer is a page that returns to the settings once that is done. A save is made against
/// the file the form showed: a file changed meanwhile is shown with its difference, never overwritten.
struct WeatherSettingsRoutes {
    let pages: WebPages
    let change: ConfigurationChange

    /// How long the "applying" page waits before it asks for the settings again.
    static let returnAfterSeconds = 3

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.post("settings/weather/settings") { request, _ in
            try await pages.posting(request) { form, session in
                await save(form: form, session: session)
            }
        }
    }

    private func save(form: WebForm, session: WebSession) async -> Response {
        guard let base = session.configBase, form["version"] == base.version else {
            return await page(session, status: .conflict, problem: "This form is older than the settings you last opened; nothing was saved. Check the values below and save again.")
        }
        let requested: WeatherSettingsForm
        do throws(WebFormRefusal) {
            requested = try WeatherSettingsForm(form: form)
        } catch {
            return await page(session, status: .unprocessableContent, problem: error.message)
        }
        let changes = requested.changes(from: WeatherSettingsForm(change.reading(base).configuration))
        guard !changes.isEmpty else { return notice("Nothing changed.", session: session) }
        let since = pages.parts.now()
        let outcome: ConfigurationChange.Outcome
        do throws(ConfigEditRefusal) {
            outcome = try await change.change(changes.map(\.edit), basedOn: base, wait: false)
        } catch {
            return await refused(error, session: session)
        }
        var saved = session
        saved.configBase = outcome.file.file
        let what = changes.map(\.text).joined(separator: "; ")
        if let reason = outcome.notApplied {
            saved.notice = "Saved \(what). The hub did not apply it now (\(reason)); it does at its next start or reload."
            pages.sessions.update(saved)
            return WebResponses.redirect(to: .weather)
        }
        saved.notice = "Saved \(what)\(outcome.file.commentsKept ? "" : "; the file was written anew and its comments are in \(change.file.previousPath)")."
        saved.applyingSince = since
        pages.sessions.update(saved)
        let applying = ApplyingPage(
            chrome: pages.chrome(for: nil), refresh: "\(Self.returnAfterSeconds);url=\(WebPath.weather.rawValue)", link: WebPath.weather.rawValue)
        return WebResponses.page(pages.renderer.render(applying, template: "applying"))
    }

    /// A refused save as the page: the file changed on the hub (with the difference), a problem the
    /// check found, or a file that cannot be written.
    private func refused(_ refusal: ConfigEditRefusal, session: WebSession) async -> Response {
        switch refusal.reason {
        case .changedOnDisk(let difference):
            var page = await pages.weatherPage(session: session)
            page.chrome.problem = "Nothing was saved: the configuration file on the hub was changed since you opened this page."
            page.difference = difference.map { WeatherPage.DifferenceLine(sign: $0.kind == .removed ? "−" : "+", line: $0.line, text: $0.text) }
            return pages.render(page, status: .conflict)
        case .problems(let problems):
            let list = problems.map { "\($0.keyPath): \($0.message)\($0.suggestion.map { " (\($0))" } ?? "")" }.joined(separator: "; ")
            return await page(session, status: .unprocessableContent, problem: "Nothing was saved: the configuration would have problems: \(list).")
        case .notEditable, .notWritten:
            return await page(session, status: .internalServerError, problem: "Nothing was saved: \(refusal.message).")
        }
    }

    private func page(_ session: WebSession, status: HTTPResponse.Status, problem: String) async -> Response {
        var page = await pages.weatherPage(session: session)
        page.chrome.problem = problem
        return pages.render(page, status: status)
    }

    private func notice(_ text: String, session: WebSession) -> Response {
        var saved = session
        saved.notice = text
        pages.sessions.update(saved)
        return WebResponses.redirect(to: .weather)
    }
}
