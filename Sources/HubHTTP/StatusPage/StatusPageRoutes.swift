#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import HubDisplays
import HubWeb
import Hummingbird
import InkUI

/// `GET /`: the read-only status page; `GET /status/panel.png` and `GET /status/displays/<id>.png`: the
/// frames it shows, and `GET /status.css` its style. The page holds no key or token.
struct StatusPageRoutes {
    let displays: [NetworkDisplay]
    let registry: DeviceRegistry
    let logs: DeviceLogStore
    let model: @Sendable () async -> StatusPageModel
    let panelFrame: @Sendable () -> Frame?
    let web: WebPages?

    func add(to router: Router<HubRequestContext>) {
        router.get("/") { _, _ in
            let report = await DisplaysReport.gather(displays: displays, registry: registry, logs: logs, logLines: 3)
            let settings: StatusPageHTML.SettingsLink = web.map { $0.passwordIsSet ? .signIn : .noPassword } ?? .none
            return WebResponses.page(StatusPageHTML(model: await model(), report: report, now: Date(), settings: settings).render())
        }
        router.get("status.css") { _, _ in WebResponses.stylesheet(StatusPageHTML.style) }
        router.get("status/panel.png") { request, _ in
            guard let frame = panelFrame(), let png = try? PNGEncoder.encode(frame) else {
                return Responses.text("the panel has shown no frame yet", status: .notFound)
            }
            return Responses.image(ByteBuffer(bytes: png), contentType: "image/png", entityTag: "\"panel-\(FrameDigest(frame))\"", request: request)
        }
        router.get("status/displays/:file") { request, context in
            guard let (id, format) = ImageFormat.split(try context.parameters.require("file")), format == .png,
                let image = displays.first(where: { $0.profile.id == id })?.frames.image
            else {
                return Responses.text("no such display, or no frame yet", status: .notFound)
            }
            return Responses.image(image.png, contentType: "image/png", entityTag: image.entityTag, request: request)
        }
    }
}
