#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubActions
import HubDisplays
import HubSystem
import Hummingbird
import Logging

/// `GET /settings/displays`, `POST /settings/displays/approve` and `POST /settings/displays/remove`:
/// TRMNL devices approved for a display or removed, through `HubActions`' `DisplayActions` as
/// `weatherctl displays approve` and `remove` do. Served only where the hub has networked displays.
struct DisplaysRoutes {
    let pages: WebPages
    let report: @Sendable () async -> DisplaysReport
    let actions: DisplayActions

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/displays") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else {
                return WebResponses.redirect(to: .signIn)
            }
            return await render(session: session)
        }
        router.post("settings/displays/approve") { request, context in
            try await pages.posting(request) { form, session in
                await change(form: form, session: session, peer: context.peer) { device throws(DeviceRegistryError) in
                    let registration = try actions.approve(device, display: form["display"])
                    return "Approved \(device.mac) for \(registration.display): it gets its key at its next call (within 15 minutes, or press its button)."
                }
            }
        }
        router.post("settings/displays/remove") { request, context in
            try await pages.posting(request) { form, session in
                await change(form: form, session: session, peer: context.peer) { device throws(DeviceRegistryError) in
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

    private func render(session: WebSession, problem: String? = nil, status: HTTPResponse.Status = .ok) async -> Response {
        var chrome = pages.chrome(for: session)
        chrome.onDisplays = true
        chrome.problem = problem
        let report = await report()
        let now = pages.parts.now()
        let page = DisplaysPage(
            chrome: chrome,
            displays: report.displays.map { display in
                let devices = display.devices.map { DisplaysPage.Device(status: $0, now: now) }
                return DisplaysPage.Display(
                    id: display.id, summary: "\(display.kind.rawValue) · \(display.width)×\(display.height) · \(display.depth)-bit",
                    devices: devices, hasDevices: !devices.isEmpty, takesDevices: display.kind == .trmnl)
            },
            waiting: report.pending.map { DisplaysPage.Waiting(mac: $0.device.mac, seen: RelativeTimeText.relative($0.telemetry.lastSeen, now: now)) },
            hasWaiting: !report.pending.isEmpty,
            choices: report.displays.filter { $0.kind == .trmnl }.map(\.id))
        return WebResponses.page(pages.renderer.render(page, template: "displays"), status: status)
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
