#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubActions
import HubConfig
import HubDisplays
import HubSystem
import Hummingbird
import Logging

/// `GET /settings/displays`, `POST /settings/displays/approve` and `POST /settings/displays/remove`:
/// TRMNL devices approved for a display or removed, through `HubActions`' `DisplayActions` as
/// `weatherctl displays approve` and `remove` do. Where the hub writes its configuration file, also
/// `POST /settings/displays/save` and `POST /settings/displays/delete`: a display's kind, size, depth,
/// rotation and layout preset, and `POST /settings/displays/widgets`: its widgets placed one by one; each
/// previewed as the display would show it (nothing written), or saved and applied as every setting is;
/// a display added or taken out.
struct DisplaysRoutes {
    let pages: WebPages
    /// The displays' devices and their state; `nil` while the hub has no displays.
    let report: (@Sendable () async -> DisplaysReport)?
    let actions: DisplayActions?
    let change: ConfigurationChange?

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/displays") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else {
                return WebResponses.redirect(to: .signIn)
            }
            return await render(session: session)
        }
        router.post("settings/displays/save") { request, _ in
            try await pages.posting(request) { form, session in await save(form: form, session: session) }
        }
        router.post("settings/displays/widgets") { request, _ in
            try await pages.posting(request) { form, session in await saveWidgets(form: form, session: session) }
        }
        router.post("settings/displays/delete") { request, _ in
            try await pages.posting(request) { form, session in await delete(form: form, session: session) }
        }
        router.post("settings/displays/address") { request, _ in
            try await pages.posting(request) { form, session in
                await showAddress(of: form.text("display"), session: session, host: request.head.authority)
            }
        }
        router.post("settings/displays/approve") { request, context in
            try await pages.posting(request) { form, session in
                await change(form: form, session: session, peer: context.peer) { device throws(DeviceRegistryError) in
                    guard let actions else { throw DeviceRegistryError.unknownDisplay(form.text("display"), known: []) }
                    let registration = try actions.approve(device, display: form["display"])
                    return "Approved \(device.mac) for \(registration.display): it gets its key at its next call (within 15 minutes, or press its button)."
                }
            }
        }
        router.post("settings/displays/remove") { request, context in
            try await pages.posting(request) { form, session in
                await change(form: form, session: session, peer: context.peer) { device throws(DeviceRegistryError) in
                    guard let actions else { throw DeviceRegistryError.unknownDevice(device) }
                    try actions.remove(device)
                    return "Removed \(device.mac): its key opens nothing from now on."
                }
            }
        }
    }

    /// Runs one change on the form's device; its notice after a redirect, or the page with the refusal.
    private func change(
        form: WebForm, session: WebSession, peer: String, _ body: (DeviceID) throws(DeviceRegistryError) -> String
    ) async -> Response {
        guard let device = DeviceID(form.text("device")) else {
            return await render(session: session, problem: "That is not a device's MAC address.", status: .unprocessableContent)
        }
        do throws(DeviceRegistryError) {
            var saved = session
            saved.notice = try body(device)
            pages.sessions.update(saved)
            pages.logger.notice("web: devices changed", metadata: ["web.client": "\(peer)", "device": "\(device.mac)"])
            return WebResponses.redirect(to: .displays)
        } catch {
            return await render(session: session, problem: "\(error.description.capitalizedFirst).", status: .unprocessableContent)
        }
    }

    /// A display's settings saved: a new one (`new` on) added to the file, else the one its `id` names.
    private func save(form: WebForm, session: WebSession) async -> Response {
        guard let change else { return await render(session: session, problem: Self.readOnly, status: .forbidden) }
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let requested: DisplaySettingsForm
        do throws(WebFormRefusal) {
            requested = try DisplaySettingsForm(form: form)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        let existing = change.reading(base).configuration.displays.first { $0.id == requested.id }.map(DisplaySettingsForm.init)
        let isNew = form["new"] == "on"
        if isNew, existing != nil {
            return await again(session, "A display named \(requested.id) exists already: give the new one its own id; nothing was saved.", [], .unprocessableContent)
        }
        let changes = requested.changes(from: existing)
        guard form["action"] == "preview" else {
            return await pages.save(changes, basedOn: base, with: change, session: session, returnTo: .displays, again: again)
        }
        return await preview(changes, of: requested.id, basedOn: base, with: change, session: session) { page, image in
            if isNew {
                page.newDisplay = requested.fields
                page.newDisplayPreview = image
            } else if let index = page.displays.firstIndex(where: { $0.id == requested.id }) {
                page.displays[index].fields = requested.fields
                page.displays[index].previewImage = image
            }
        }
    }

    /// A display's widgets placed one by one: saved, or previewed with the rows kept as posted.
    private func saveWidgets(form: WebForm, session: WebSession) async -> Response {
        guard let change else { return await render(session: session, problem: Self.readOnly, status: .forbidden) }
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let id = form.text("id")
        let configuration = change.reading(base).configuration
        guard configuration.displays.contains(where: { $0.id == id }) else {
            return await again(session, "The file has no display named \(id); nothing was saved.", [], .unprocessableContent)
        }
        let current = WidgetsForm(configuration, screen: .display(id))
        let requested: WidgetsForm
        do throws(WebFormRefusal) {
            requested = try WidgetsForm(form: form, current: current)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        let changes = requested.changes(from: current)
        guard form["action"] == "preview" else {
            return await pages.save(changes, basedOn: base, with: change, session: session, returnTo: .displays, again: again)
        }
        return await preview(changes, of: id, basedOn: base, with: change, session: session) { page, image in
            guard let index = page.displays.firstIndex(where: { $0.id == id }) else { return }
            page.displays[index].widgets = requested.rows
            page.displays[index].widgetsOpen = true
            page.displays[index].previewImage = image
        }
    }

    /// The page with `display` drawn as the file would show it with `changes` made (nothing is written),
    /// or with why it cannot be; `showing` puts the posted values and the image's address on the page.
    private func preview(
        _ changes: [(edit: ConfigEdit, text: String)], of display: String, basedOn base: ConfigSnapshot, with change: ConfigurationChange,
        session: WebSession, showing: (inout DisplaysPage, String?) -> Void
    ) async -> Response {
        // The page first: it stores the session, which the preview then adds its image to.
        var shown = await page(session: session)
        var status = HTTPResponse.Status.ok
        var image: String?
        switch await pages.preview(changes, of: .display(display), basedOn: base, with: change, session: session) {
        case .image(let address):
            image = address
            shown.chrome.notice = "A preview of \(display) with these values; nothing is saved yet."
        case .refused(let problem, let refusal):
            shown.chrome.problem = problem
            status = refusal
        }
        showing(&shown, image)
        return respond(shown, status: status)
    }

    /// A display taken out of the file, with its layout; its devices' keys open nothing after the reload.
    private func delete(form: WebForm, session: WebSession) async -> Response {
        guard let change else { return await render(session: session, problem: Self.readOnly, status: .forbidden) }
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let id = form.text("id")
        guard change.reading(base).configuration.displays.contains(where: { $0.id == id }) else {
            return await again(session, "The file has no display named \(id); nothing was changed.", [], .unprocessableContent)
        }
        let edit = ConfigEdit(["displays", ConfigEdit.item(id: id)], .removed)
        return await pages.save([(edit, "display \(id) taken out")], basedOn: base, with: change, session: session, returnTo: .displays, again: again)
    }

    /// The page with `display`'s image address spelled out, token included, once a person asked for it
    /// (never on the page otherwise; pages are not cached).
    private func showAddress(of display: String, session: WebSession, host: String?) async -> Response {
        guard let actions else { return await render(session: session, problem: "This hub has no networked displays yet.", status: .unprocessableContent) }
        do throws(DeviceRegistryError) {
            let path = try actions.imagePath(of: display)
            let base = host.map { "\(pages.parts.secureCookies ? "https" : "http")://\($0)" } ?? ""
            return await render(session: session, address: (display, base + path))
        } catch {
            return await render(session: session, problem: "\(error.description.capitalizedFirst).", status: .unprocessableContent)
        }
    }

    static let readOnly = "This hub's configuration file is not written from the browser; change displays: in it by hand."

    private var again: WebPages.SettingsPageAgain {
        { [self] session, problem, difference, status in
            await render(session: session, problem: problem, difference: difference, status: status)
        }
    }

    private func render(
        session: WebSession, problem: String? = nil, difference: [DifferenceLine] = [], address: (display: String, url: String)? = nil,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        var shown = await page(session: session, address: address)
        if let problem { shown.chrome.problem = problem }
        shown.changedFile = FileDifference(difference)
        return respond(shown, status: status)
    }

    private func respond(_ page: DisplaysPage, status: HTTPResponse.Status = .ok) -> Response {
        WebResponses.page(pages.renderer.render(page, template: "displays"), status: status)
    }

    /// The page with the file's displays as they are now (the session remembers that file for the save).
    private func page(session: WebSession, address: (display: String, url: String)? = nil) async -> DisplaysPage {
        var (chrome, session) = await pages.settingsChrome(for: session)
        chrome.onDisplays = true
        let report = await report?() ?? DisplaysReport(displays: [], pending: [])
        let now = pages.parts.now()
        var configuration: HubConfiguration?
        var version = ""
        if let change {
            do throws(ConfigEditRefusal) {
                let current = try change.current()
                session.configBase = current.file
                version = current.file.version
                configuration = current.configuration
            } catch {
                chrome.problem = "The settings cannot be shown: \(error.message)."
            }
        }
        pages.sessions.update(session)
        let configured = configuration?.displays ?? []
        // A display's settings and widgets as the file has them, where the hub writes its file.
        func editable(_ page: inout DisplaysPage.Display) {
            guard let configuration, let profile = configured.first(where: { $0.id == page.id }) else { return }
            page.fields = DisplaySettingsForm(profile).fields
            page.widgets = WidgetsForm(configuration, screen: .display(profile.id)).rows
            page.frameSize = "\(profile.frameSize)"
        }
        let reported = report.displays.map { display in
            let devices = display.devices.map { DisplaysPage.Device(status: $0, now: now) }
            var shown = DisplaysPage.Display(
                id: display.id, summary: "\(display.kind.rawValue) · \(display.width)×\(display.height) · \(display.depth)-bit",
                devices: devices, hasDevices: !devices.isEmpty, takesDevices: display.kind == .trmnl, fields: nil,
                address: address?.display == display.id ? address?.url : nil)
            editable(&shown)
            return shown
        }
        // Displays the file has and the running hub does not yet (saved, not applied) keep their forms.
        let waitingForReload = configured.filter { profile in !report.displays.contains { $0.id == profile.id } }.map { profile in
            var shown = DisplaysPage.Display(
                id: profile.id, summary: "saved; shown once the hub applies the file", devices: [], hasDevices: false,
                takesDevices: profile.kind == .trmnl, fields: nil, address: nil)
            editable(&shown)
            return shown
        }
        var page = DisplaysPage(
            chrome: chrome, displays: reported + waitingForReload,
            waiting: report.pending.map { DisplaysPage.Waiting(mac: $0.device.mac, seen: RelativeTimeText.relative($0.telemetry.lastSeen, now: now)) },
            hasWaiting: !report.pending.isEmpty,
            choices: report.displays.filter { $0.kind == .trmnl }.map(\.id))
        page.version = version
        page.newDisplay = change == nil ? nil : DisplaySettingsForm.new.fields
        page.canPreview = change != nil && pages.parts.preview != nil
        return page
    }
}

extension DisplaysPage.Device {
    init(status: DeviceStatus, now: Date) {
        let seen = status.telemetry
        self.init(
            mac: status.device.mac, name: status.friendlyID, seen: seen.map { RelativeTimeText.relative($0.lastSeen, now: now) } ?? "not since start",
            battery: seen?.batteryText ?? "–", signal: seen?.signalText ?? "–", log: status.log, hasLog: !status.log.isEmpty)
    }
}
