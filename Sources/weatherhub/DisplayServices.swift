import Foundation
import HubActions
import HubConfig
import HubControl
import HubDisplays
import HubHTTP
import HubSystem
import HubWeb
import InkUI
import InkWidgets
import Logging
import NIOCore
import Sensors

/// The networked displays and the web side, built from `displays:` and `http:`: a scheduler per display
/// over the same widgets and weather source as the panel, the device registry and logs, the HTTP server,
/// and their control methods.
struct DisplayServices {
    let settings: HTTPSettings
    let displays: [NetworkDisplay]
    let registry: DeviceRegistry
    let logs: DeviceLogStore

    /// Nil when neither `http:` nor `displays:` is configured: then nothing listens.
    static func make(
        _ configuration: HubConfiguration, widgets: [any WidgetConfiguration], renderer: SharedRenderer, logger: Logger
    ) throws -> DisplayServices? {
        guard let settings = configuration.http else { return nil }
        // A device fetches a display's frame when it wakes, and an entry renders in under a millisecond when
        // due: a display holds the frame it shows, not a day of frames rendered ahead.
        var timelines = configuration.widgets
        timelines.prerenderLimit = 1
        let displays = try configuration.displays.map { profile in
            let hosted = profile.layout.placements.compactMap { placement in
                widgets.configuration(ofKind: placement.kind)?.hosted(in: placement, capability: profile.capability, isPreview: false)
            }
            return NetworkDisplay(
                profile: profile, widgets: hosted, settings: timelines, clock: SystemSchedulerClock(), renderer: renderer,
                clockChanges: try WallClockChanges.stream(), logger: logger)
        }
        let paths = configuration.paths
        return DisplayServices(
            settings: settings, displays: displays,
            registry: try DeviceRegistry(path: paths.deviceRegistry, displays: configuration.displays),
            logs: DeviceLogStore(directory: paths.deviceLogsDirectory))
    }

    /// The web side, serving `statusPage` at `/`, the wired panel's frame and the signed-in pages, which
    /// act through `actions` and draw the Panel and Displays pages' previews with `preview`; `onListening` once
    /// it listens.
    func server(
        statusPage: StatusPageSource, actions: HubActions, configuration: HubConfiguration, lasting: HubService.Lasting,
        preview: @escaping @Sendable (HubConfiguration, HubScreen) async throws -> [UInt8]?, sensors: SensorStore?, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void
    ) -> HubHTTPServer {
        let frames = statusPage.frames
        let showsPanel = settings.statusPage && configuration.wiredPanel
        let report: (@Sendable () async -> DisplaysReport)? = displays.isEmpty ? nil : { @Sendable [displays, registry, logs] in
            await DisplaysReport.gather(displays: displays, registry: registry, logs: logs, logLines: 3)
        }
        let web = WebPages(
            parts: WebPages.Parts(
                actions: actions, password: WebPassword(path: configuration.paths.webPasswordFile),
                defaultCity: configuration.provider.defaultCity,
                panelImage: { showsPanel ? frames.latestFrame.map { "/status/panel.png?v=\(FrameDigest($0))" } : nil },
                secureCookies: settings.tls != nil, displays: report, lastReload: { [reloads = lasting.reloads] in await reloads.lastOutcome },
                preview: preview, sensors: sensors),
            memory: lasting.webMemory, logger: logger)
        return HubHTTPServer(
            settings: settings,
            parts: HubHTTPServer.Parts(
                displays: displays, registry: registry, logs: logs, panelFrame: { frames.latestFrame }, web: web,
                statusPage: { await statusPage.model() }),
            logger: logger, front: lasting.webFront, onListening: onListening)
    }

    /// The web side for `weatherctl status`.
    var summary: WebSideSummary {
        WebSideSummary(
            url: "\(settings.tls == nil ? "http" : "https")://\(settings.address):\(settings.port)", displays: displays.map(\.profile.id),
            approvedDevices: registry.registrations().count, waitingDevices: registry.pendingDevices().count)
    }

    /// What a person does with the displays' devices.
    var actions: DisplayActions { DisplayActions(registry: registry, logs: logs) }

    /// `weatherctl displays` and its subcommands; approving and removing devices through `actions`.
    func register(in handlers: inout ControlHandlers, actions: DisplayActions) {
        handlers.register(DisplaysMethod.self) { [displays, registry, logs] _ in
            await DisplaysReport.gather(displays: displays, registry: registry, logs: logs)
        }
        handlers.register(DisplayApproveMethod.self) { params in
            let registration = try actions.approve(params.device, display: params.display)
            return DisplayApproveMethod.Result(device: registration.device, display: registration.display, friendlyID: registration.friendlyID)
        }
        handlers.register(DisplayRemoveMethod.self) { params in
            try actions.remove(params.device)
            return Empty()
        }
        handlers.register(DisplayImageMethod.self) { [displays] params in
            guard let display = displays.first(where: { $0.profile.id == params.display }) else {
                throw DeviceRegistryError.unknownDisplay(params.display, known: displays.map(\.profile.id))
            }
            return DisplayImageMethod.Result(
                png: display.frames.image.map { Data($0.png.readableBytesView) }, path: try actions.imagePath(of: params.display))
        }
    }
}
