import Foundation
import HubControl
import InkWidgets

/// The control socket's methods, answered by the running parts.
struct ControlWiring {
    /// The panel's and the displays' schedulers: a reload reaches every screen.
    let widgets: WidgetHostGroup
    let actions: PanelActions
    let status: StatusReporter
    let displays: DisplayServices?

    func handlers() -> ControlHandlers {
        var handlers = ControlHandlers()
        let identity = status.identity
        handlers.register(PingMethod.self) { _ in identity }
        handlers.register(ReloadMethod.self) { [widgets] params in
            if params.wait {
                return ReloadMethod.Result(reports: try await widgets.reloadAndWait(ofKind: params.kind, reason: .user))
            }
            try await widgets.reloadTimelines(ofKind: params.kind, reason: .user)
            return ReloadMethod.Result(reports: [])
        }
        handlers.register(WidgetsMethod.self) { [widgets] _ in await widgets.statuses() }
        handlers.register(PanelActionMethod.self) { [actions] action in
            PanelActionMethod.Result(daysFromNow: try await actions.perform(action))
        }
        handlers.register(StatusMethod.self) { [status] _ in await status.status() }
        handlers.register(SensorsMethod.self) { [status] _ in await status.sensorList() }
        displays?.register(in: &handlers)
        return handlers
    }
}
