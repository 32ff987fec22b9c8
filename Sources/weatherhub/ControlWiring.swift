import Foundation
import HubActions
import HubControl
import InkWidgets

/// The control socket's methods, answered by the running parts.
struct ControlWiring {
    /// The panel's and the displays' schedulers: a reload reaches every screen.
    let widgets: WidgetHostGroup
    let actions: HubActions
    let status: StatusReporter
    let displays: DisplayServices?
    let reloads: ConfigurationReloads

    func handlers() -> ControlHandlers {
        var handlers = ControlHandlers()
        let identity = status.identity
        handlers.register(PingMethod.self) { _ in identity }
        handlers.register(ReloadMethod.self) { [actions] params in
            ReloadMethod.Result(reports: try await actions.reload(kind: params.kind, wait: params.wait))
        }
        handlers.register(WidgetsMethod.self) { [widgets] _ in await widgets.statuses() }
        handlers.register(PanelActionMethod.self) { [actions] action in
            PanelActionMethod.Result(daysFromNow: try await actions.panel.perform(action))
        }
        handlers.register(StatusMethod.self) { [status] _ in await status.status() }
        handlers.register(SensorsMethod.self) { [status] _ in await status.sensorList() }
        handlers.register(SensorHistoryMethod.self) { [status] params in try await status.sensorHistory(params) }
        handlers.register(ConfigReloadMethod.self) { [reloads] params in
            try await reloads.reload(wait: params.wait)
            return Empty()
        }
        if let displays, let deviceActions = actions.displays { displays.register(in: &handlers, actions: deviceActions) }
        return handlers
    }
}
