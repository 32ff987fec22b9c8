import EPaper
import PanelHardware
import Foundation
import HubAssembly
import HubConfig
import HubActions
import HubControl
import HubDisplays
import HubHTTP
import HubMQTT
import HubSystem
import InkUI
import InkWidgets
import Logging
import Sensors
import ServiceLifecycle
import SharedDefaultsKit
import Synchronization
import WeatherInfoKit
import WeatherWidgets

/// One build of the service: every part built from one configuration and run as one service group,
/// until the service stops or a reload accepts another configuration. Parts shut down in reverse order,
/// so the panel controller (first) puts the panel to sleep last, or goes on into the next build when its
/// panel settings stay the same.
struct Hub {
    let configuration: HubConfiguration
    let environment: [String: String]
    /// What outlives a build: the control socket's handlers, the web pages' sessions, reloads.
    let lasting: HubService.Lasting
    let logger: Logger

    /// Runs the build; returns the configuration of the next one when a reload was accepted, `nil` when
    /// the service stops.
    func run() async throws -> HubConfiguration? {
        let paths = configuration.paths
        let started = Date()
        let defaults = try paths.openSharedDefaults()
        if let problem = defaults.problem { logger.warning("shared defaults: \(problem)") }
        if case let .failure(problem) = TimeZoneRules.currentLoad { logger.warning("local times are shown in UTC: \(problem)") }
        let reports = WeatherReportSignal()
        let weather = reports.observing(configuration.makeWeatherSource(environment: environment, logger: Logger(label: "weatherhub.weather")))
        // The configuration of the next build, once a reload is accepted.
        let next = Mutex<HubConfiguration?>(nil)
        let sensors = try SensorServices.start(
            configuration, keeper: lasting.brokerConnection, reloadingTo: { next.withLock { $0 } }, logger: logger)

        let panel = try await lasting.panel.controller(for: configuration.panel) {
            PanelController(
                device: try PanelDevice.open(profile: configuration.panel, stateDirectory: paths.stateDirectory, logger: logger),
                settings: configuration.panel.refresh, stateStore: PanelStateStore(directory: paths.panelDirectory), logger: logger)
        }
        let device = panel.device
        let notifier = lasting.notifier
        let data = configuration.widgetData(weather: weather, sensors: sensors?.store, defaults: defaults)
        let widgets = WeatherHubWidgets(data: data).body
        let fonts = try FontLibrary()
        let renderer = SharedRenderer(fonts: fonts)
        let hosted = configuration.layout.placements.compactMap { placement in
            widgets.configuration(ofKind: placement.kind)?.hosted(in: placement, capability: device.layout.capability, isPreview: false)
        }
        let readiness = StartupReadiness(
            waitingFor: Set((configuration.wiredPanel ? [.panel] : []) + (configuration.http == nil ? [] : [.web]))
        ) { [reloads = lasting.reloads] in
            try? notifier.ready(status: "showing \(data.location.displayName)")
            Task { await reloads.ready() }
        }
        let sink = PanelFrameSink(panel: panel, logger: logger) {
            logger.info("first frame on the panel", metadata: ["startup.seconds": "\(Date().timeIntervalSince(started))"])
            readiness.done(.panel)
        }
        let scheduler = WidgetScheduler(
            widgets: hosted, panelSize: device.layout.frameSize, capability: device.layout.capability,
            settings: configuration.widgets, clock: SystemSchedulerClock(), sink: sink, renderer: renderer,
            startup: await panel.showsFrame ? .lastFrame : .placeholders, clockChanges: try WallClockChanges.stream(), logger: logger)
        let displays = try DisplayServices.make(configuration, widgets: widgets, renderer: renderer, logger: logger)
        if displays == nil { await lasting.webFront.closeListener() }
        // With `panel: none` the panel's scheduler places nothing and stays out of reloads.
        let hosts = WidgetHostGroup((configuration.wiredPanel ? [scheduler] : []) + (displays?.displays.map(\.scheduler) ?? []))
        WidgetCenter.shared.connect(to: hosts)
        // Let go of this build's schedulers however it ends, so the next build can open the panel's lines.
        defer { WidgetCenter.shared.disconnect() }

        let actions = HubActions(
            defaults: defaults, center: WidgetCenter.shared, weather: weather, provider: configuration.provider.source.weatherProvider,
            displays: displays?.actions, apiKey: APIKeyChange(source: configuration.provider.apiKeySource(environment: environment)),
            configuration: lasting.configurationChange, logger: logger)
        let status = StatusReporter(
            identity: ServiceIdentity(version: HubVersion.current, processID: getpid(), started: lasting.started),
            data: data, panel: configuration.wiredPanel ? panel : nil, scheduler: scheduler, weather: weather, sensors: sensors, displays: displays)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: lasting.panel.run(panel, continuing: { [profile = configuration.panel] in next.withLock { $0 }?.panel == profile }))
        ]
        services += sensors?.services.map { .init(service: $0) } ?? []
        services += [.init(service: scheduler)]
        if let displays {
            services += displays.displays.map { .init(service: $0.scheduler) }
            let statusPage = StatusPageSource(status: status, frames: sink)
            let server = displays.server(
                statusPage: statusPage, actions: actions, configuration: configuration, lasting: lasting,
                preview: { [weather, defaults, store = sensors?.store] candidate, screen in
                    try await candidate.preview(of: screen, running: weather, sensors: store, defaults: defaults, fonts: fonts).map(PNGEncoder.encode)
                },
                sensors: sensors?.store, logger: Logger(label: "weatherhub.http")
            ) { _ in
                readiness.done(.web)
            }
            services.append(.init(service: server))
        }
        services += [
            .init(
                service: ReloadOnChange(
                    defaults: defaults, sensors: sensors?.store, sensorKinds: widgets.kinds(reading: .sensorReadings),
                    center: WidgetCenter.shared, logger: logger)),
        ]
        if let keySettings = configuration.panel.keys, configuration.panel.model != .simulated {
            let keys = try PanelKeys.open(settings: keySettings, logger: logger)
            let presses = keys.presses.map { $0.key.name }
            services += [
                .init(service: keys), .init(service: KeyActions(keyNames: keySettings.keys.map(\.name), presses: presses, actions: actions.panel)),
            ]
        }
        if let connection = sensors?.mqtt?.connection,
            let hubMQTT = HubMQTTService(
                settings: configuration.hubMQTT,
                parts: HubMQTTService.Parts(
                    connection: connection, data: data, panel: panel, reports: reports, actions: actions),
                recordFile: paths.retainedTopicsRecord)
        {
            services.append(.init(service: hubMQTT))
        }
        if let interval = notifier.watchdogInterval {
            services.append(.init(service: Watchdog(notifier: notifier, interval: interval, scheduler: scheduler, logger: logger)))
        }
        if !configuration.wiredPanel {
            logger.notice("no wired panel (`panel: none`): the hub renders for its networked displays only")
        } else if configuration.panel.model == .simulated {
            logger.notice("simulated panel: every refresh is written as a PNG; the latest is \(paths.latestFrame)")
        }
        logger.info(
            "weatherhub \(HubVersion.current) starting",
            metadata: [
                "config": "\(configuration.source)", "state": "\(paths.stateDirectory)", "panel.model": "\(device.name)",
                "provider": "\(configuration.provider.source.rawValue)", "time.zone": "\(TimeZoneRules.current)",
            ])
        services.append(.init(
            service: ConfigurationReloadService(requests: await lasting.reloads.requests()) { configuration in next.withLock { $0 = configuration } },
            successTerminationBehavior: .gracefullyShutdownGroup))
        lasting.controlHandlers.set(
            ControlWiring(widgets: hosts, actions: actions, status: status, displays: displays, reloads: lasting.reloads).handlers())
        defer { lasting.controlHandlers.set(nil) }
        // The service's group (around this one) handles SIGTERM and SIGINT and shuts this group down.
        try await ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger)).run()
        return next.withLock { $0 }
    }
}
