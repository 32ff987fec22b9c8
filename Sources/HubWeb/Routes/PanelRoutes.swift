#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EPaper
import HubActions
import HubConfig
import HubSystem
import Hummingbird
import InkWidgets

/// `GET /settings/panel`, `POST /settings/panel` and `POST /settings/panel/widgets`: the wired panel's
/// model, rotation, layout preset, shortest interval and quiet hours, and its widgets placed one by one. *Preview* draws the whole panel as the form's
/// values would show it (the edited file is read and checked, nothing is written; a configuration that
/// cannot work gets `weatherctl config check`'s explanation instead); *Save and apply* writes them as
/// the Weather page's settings are written.
struct PanelRoutes {
    let pages: WebPages
    let change: ConfigurationChange

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/panel") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else { return WebResponses.redirect(to: .signIn) }
            return render(await page(session: session))
        }
        router.post("settings/panel") { request, _ in
            try await pages.posting(request) { form, session in await post(form: form, session: session) }
        }
        router.post("settings/panel/widgets") { request, _ in
            try await pages.posting(request) { form, session in await postWidgets(form: form, session: session) }
        }
    }

    private func post(form: WebForm, session: WebSession) async -> Response {
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let requested: PanelSettingsForm
        do throws(WebFormRefusal) {
            requested = try PanelSettingsForm(form: form)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        let configuration = change.reading(base).configuration
        let changes = requested.changes(from: PanelSettingsForm(configuration), profile: configuration.panel)
        return await respond(
            to: form, changes: changes, basedOn: base, session: session,
            showing: (base, requested.fields, WidgetsForm(configuration, screen: .panel).rows))
    }

    private func postWidgets(form: WebForm, session: WebSession) async -> Response {
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let configuration = change.reading(base).configuration
        let current = WidgetsForm(configuration, screen: .panel)
        let requested: WidgetsForm
        do throws(WebFormRefusal) {
            requested = try WidgetsForm(form: form, current: current)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        return await respond(
            to: form, changes: requested.changes(from: current), basedOn: base, session: session,
            showing: (base, PanelSettingsForm(configuration).fields, requested.rows))
    }

    /// Saves `changes`, or with *Preview* shows the page with the posted values and the panel they draw.
    private func respond(
        to form: WebForm, changes: [(edit: ConfigEdit, text: String)], basedOn base: ConfigSnapshot, session: WebSession,
        showing posted: Posted
    ) async -> Response {
        guard form["action"] == "preview" else {
            return await pages.save(changes, basedOn: base, with: change, session: session, returnTo: .panel, again: again)
        }
        // The page first: it stores the session, which the preview then adds its image to.
        var shown = await page(session: session, showing: posted)
        switch await pages.preview(changes, basedOn: base, with: change, session: session) {
        case .image(let address):
            shown.previewImage = address
            shown.chrome.notice = "A preview with these values; nothing is saved yet."
            return render(shown)
        case .refused(let problem, let status):
            shown.chrome.problem = problem
            return render(shown, status: status)
        }
    }

    /// A posted form's values on the file it was based on: the settings' fields and the widgets' rows.
    private typealias Posted = (base: ConfigSnapshot, fields: PanelPage.Fields, widgets: [WidgetRow])

    /// The page with the file's settings as they are now (the session remembers that file for the save),
    /// or a posted form's fields on the file it was based on.
    private func page(session: WebSession, showing posted: Posted? = nil) async -> PanelPage {
        var (chrome, session) = await pages.settingsChrome(for: session)
        chrome.onPanel = true
        var page = PanelPage(chrome: chrome, version: "", fields: nil, panelImage: pages.parts.panelImage())
        if let posted {
            page.version = posted.base.version
            page.fields = posted.fields
            page.widgets = posted.widgets
            page.frameSize = "\(change.reading(posted.base).configuration.panel.frameSize)"
        } else {
            do throws(ConfigEditRefusal) {
                let current = try change.current()
                session.configBase = current.file
                page.version = current.file.version
                if current.configuration.wiredPanel {
                    page.fields = PanelSettingsForm(current.configuration).fields
                    page.widgets = WidgetsForm(current.configuration, screen: .panel).rows
                    page.frameSize = "\(current.configuration.panel.frameSize)"
                }
            } catch {
                page.chrome.problem = "The settings cannot be shown: \(error.message)."
            }
        }
        pages.sessions.update(session)
        return page
    }

    private func render(_ page: PanelPage, status: HTTPResponse.Status = .ok) -> Response {
        WebResponses.page(pages.renderer.render(page, template: "panel"), status: status)
    }

    private var again: WebPages.SettingsPageAgain {
        { [self] session, problem, difference, status in
            var shown = await page(session: session)
            shown.chrome.problem = problem
            shown.changedFile = FileDifference(difference)
            return render(shown, status: status)
        }
    }
}
