#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubActions
import HubConfig
import HubSystem
import Hummingbird

/// How a settings page saves into the configuration file: the form must be the one the session was shown
/// (its file's version), the changes go through `HubActions.configuration` against that file, and the
/// answer is a page that returns to the settings once the service has applied them, or the page again
/// with why nothing was saved.
extension WebPages {
    /// Shows a settings page again with a problem, and the file's difference when it changed meanwhile.
    typealias SettingsPageAgain = @Sendable (_ session: WebSession, _ problem: String, _ difference: [DifferenceLine], _ status: HTTPResponse.Status) async -> Response

    /// The file the posted form was based on: the session's, when the form carries its version.
    func settingsBase(of form: WebForm, session: WebSession) -> ConfigSnapshot? {
        guard let base = session.configBase, form["version"] == base.version else { return nil }
        return base
    }

    /// The page for a form older than the session's last settings page.
    func staleForm(_ session: WebSession, again: SettingsPageAgain) async -> Response {
        await again(session, "This form is older than the settings you last opened; nothing was saved. Check the values below and save again.", [], .conflict)
    }

    /// Saves `changes` against `base` and answers with the page that returns to `returnTo` once the
    /// service applied them. A change with empty words is told by the one before it.
    func save(
        _ changes: [(edit: ConfigEdit, text: String)], basedOn base: ConfigSnapshot, with change: ConfigurationChange, session: WebSession,
        returnTo: WebPath, again: SettingsPageAgain
    ) async -> Response {
        guard !changes.isEmpty else { return notice("Nothing changed.", session: session, returnTo: returnTo) }
        let since = parts.now()
        let outcome: ConfigurationChange.Outcome
        do throws(ConfigEditRefusal) {
            outcome = try await change.change(changes.map(\.edit), basedOn: base, wait: false)
        } catch {
            switch error.reason {
            case .changedOnDisk(let difference):
                let lines = difference.map { DifferenceLine(sign: $0.kind == .removed ? "−" : "+", line: $0.line, text: $0.text) }
                return await again(session, "Nothing was saved: the configuration file on the hub was changed since you opened this page.", lines, .conflict)
            case .problems(let problems):
                return await again(session, "Nothing was saved: \(Self.sentence(problems))", [], .unprocessableContent)
            case .notEditable, .notWritten:
                return await again(session, "Nothing was saved: \(error.message).", [], .internalServerError)
            }
        }
        var saved = session
        saved.configBase = outcome.file.file
        let what = changes.map(\.text).filter { !$0.isEmpty }.joined(separator: "; ")
        if let reason = outcome.notApplied {
            saved.notice = "Saved \(what). The hub did not apply it now (\(reason)); it does at its next start or reload."
            sessions.update(saved)
            return WebResponses.redirect(to: returnTo)
        }
        saved.notice = "Saved \(what)\(outcome.file.commentsKept ? "" : "; the file was written anew and its comments are in \(change.file.previousPath)")."
        saved.applyingSince = since
        sessions.update(saved)
        let applying = ApplyingPage(chrome: chrome(for: nil), refresh: "\(Self.returnAfterSeconds);url=\(returnTo.rawValue)", link: returnTo.rawValue)
        return WebResponses.page(renderer.render(applying, template: "applying"))
    }

    /// A settings page's header for `session`: its notice, and after a save whether the service has
    /// applied it (and how long the panel took). Returns the session as it is to be stored: without the
    /// notice shown, and done waiting once the save was applied.
    func settingsChrome(for session: WebSession) async -> (PageChrome, WebSession) {
        var session = session
        var chrome = chrome(for: session)
        session.notice = nil
        if let since = session.applyingSince, let lastReload = parts.lastReload {
            var applied: String?
            switch await lastReload() {
            case .applied(let requested, let ready)? where requested >= since:
                let seconds = (ready.timeIntervalSince(requested) * 10).rounded() / 10
                applied = "The hub applied the new settings; on the panel after \(seconds) s."
                session.applyingSince = nil
            case .failed(let requested, let reason)? where requested >= since:
                chrome.problem = "The hub could not start with the new settings (\(reason)) and runs with the ones before; the file keeps the new ones, so change them back or fix the cause."
                session.applyingSince = nil
            default:
                applied = "The hub is still applying the new settings."
            }
            if let applied { chrome.notice = [chrome.notice, applied].compactMap { $0 }.joined(separator: " ") }
        }
        return (chrome, session)
    }

    /// What a preview of a settings form gave: the address of its image, or why there is none.
    enum PreviewOutcome {
        case image(String)
        case refused(String, HTTPResponse.Status)
    }

    /// Draws `screen` as the file would show it with `changes` made (nothing is written) and keeps the
    /// PNG in the session, served at `/settings/preview.png`. A configuration with problems gets
    /// `weatherctl config check`'s explanation instead.
    func preview(
        _ changes: [(edit: ConfigEdit, text: String)], of screen: HubScreen = .panel, basedOn base: ConfigSnapshot,
        with change: ConfigurationChange, session: WebSession
    ) async -> PreviewOutcome {
        guard let draw = parts.preview else { return .refused("This hub cannot draw previews.", .notFound) }
        let previewed: ConfigurationChange.Current
        do throws(ConfigEditRefusal) {
            previewed = try change.preview(changes.map(\.edit), basedOn: base)
        } catch {
            return .refused("No preview: \(error.message).", .conflict)
        }
        let shown = if case .display(let id) = screen { "The display \(id)" } else { "The panel" }
        guard previewed.problems.isEmpty else {
            return .refused("\(shown) cannot show this: \(Self.sentence(previewed.problems))", .unprocessableContent)
        }
        let drawn: [UInt8]?
        do {
            drawn = try await draw(previewed.configuration, screen)
        } catch {
            return .refused("The preview could not be drawn: \(error).", .internalServerError)
        }
        guard let png = drawn else { return .refused("\(shown) is not in the file.", .unprocessableContent) }
        sessions.modify(id: session.id) { $0.preview = png }
        return .image("/settings/preview.png?v=\(FNV1a.hex64(FNV1a.hash64(png)))")
    }

    /// How long the "applying" page waits before it asks for the settings again.
    static let returnAfterSeconds = 3

    /// Problems of the configuration as one sentence, each with its key and hint.
    static func sentence(_ problems: [ConfigurationProblem]) -> String {
        "the configuration would have problems: "
            + problems.map { "\($0.keyPath): \($0.message)\($0.suggestion.map { " (\($0))" } ?? "")" }.joined(separator: "; ") + "."
    }

    private func notice(_ text: String, session: WebSession, returnTo: WebPath) -> Response {
        var saved = session
        saved.notice = text
        sessions.update(saved)
        return WebResponses.redirect(to: returnTo)
    }
}
