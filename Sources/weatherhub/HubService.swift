import Foundation
import EPaper
import HubActions
import HubConfig
import HubControl
import HubHTTP
import HubSystem
import HubWeb
import Logging
import Sensors
import ServiceLifecycle
import UnixSignals
import WeatherWidgets

/// The service across reloads of its configuration: the control socket, the web side's sockets and
/// sign-ins, the broker connection and the panel controller (while their settings stay) and the process
/// stay, while the hub (every part built from the configuration) is built again from each
/// configuration a reload accepts. SIGHUP (`systemctl reload weatherhub`) asks for a reload; SIGTERM and
/// SIGINT end the service. The control socket's path, the directories and the log's level and format
/// are read at start only.
struct HubService {
    /// What every build of the hub shares.
    struct Lasting: Sendable {
        let reloads: ConfigurationReloads
        let configurationChange: ConfigurationChange
        let controlHandlers: ControlHandlerSlot
        let webMemory: WebMemory
        /// The web side's sockets, which each build answers through.
        let webFront: WebFront
        /// The broker connection, which a build whose broker settings did not change goes on with.
        let brokerConnection: BrokerConnectionKeeper
        /// The panel controller, which a build whose panel settings did not change goes on with.
        let panel: PanelControllerKeeper
        let notifier: SystemdNotifier
        /// When the process started (`weatherctl status`'s uptime).
        let started: Date
    }

    let configuration: HubConfiguration
    let environment: [String: String]
    let load: ConfigurationReloads.Load
    let logger: Logger

    func run() async throws {
        let paths = configuration.paths
        try AtomicFile.createDirectory(paths.stateDirectory, permissions: 0o750)
        try AtomicFile.createDirectory(paths.runtimeDirectory, permissions: 0o750)
        // Trapped before anything else runs: SIGHUP's default action would end the process.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let reloads = ConfigurationReloads(load: load)
        let basePaths = HubPaths.resolve(environment: environment)
        let lasting = Lasting(
            reloads: reloads,
            configurationChange: ConfigurationChange(
                file: ConfigFile(path: basePaths.configFile),
                read: { [environment] in
                    HubConfiguration.reading($0, paths: basePaths, environment: environment, catalog: WeatherHubWidgets.catalog)
                },
                apply: { wait in try await reloads.reload(wait: wait) }),
            controlHandlers: ControlHandlerSlot(), webMemory: WebMemory(), webFront: WebFront(logger: Logger(label: "weatherhub.http")),
            brokerConnection: BrokerConnectionKeeper(), panel: PanelControllerKeeper(),
            notifier: SystemdNotifier(environment: environment), started: Date())
        let services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: HubBuilds(first: configuration, environment: environment, lasting: lasting, logger: logger)),
            .init(service: ControlServer(socketPath: paths.controlSocket, handlers: lasting.controlHandlers, logger: logger)),
            .init(service: HangupReloads(hangups: hangups, reloads: reloads, logger: logger)),
            // Last, so it stops first: no new request reaches a hub that is stopping.
            .init(service: lasting.webFront),
        ]
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        try? lasting.notifier.stopping()
        logger.info("weatherhub stopped")
    }
}

/// Builds and runs the hub, and builds it again from each configuration a reload accepts.
private struct HubBuilds: Service {
    let first: HubConfiguration
    let environment: [String: String]
    let lasting: HubService.Lasting
    let logger: Logger

    /// A build from a reloaded configuration that fails (a panel model whose hardware is not there) gives
    /// way to the configuration before it, so a wrong setting never leaves the hub down; the first build's
    /// failure ends the service, as a start with that configuration would.
    func run() async throws {
        var configuration = first
        var before: HubConfiguration?
        while true {
            do {
                guard let next = try await Hub(configuration: configuration, environment: environment, lasting: lasting, logger: logger).run() else { return }
                try? lasting.notifier.reloading()
                logger.notice("applying the configuration read again from \(next.source)")
                (before, configuration) = (configuration, next)
            } catch {
                if Task.isShuttingDownGracefully {
                    // A build caught by the stop (SIGTERM during a rebuild) is not a failed reload.
                    logger.error("the hub stopped while it was starting: \(error)")
                    return
                }
                guard let previous = before, !Task.isCancelled else { throw error }
                logger.error("the reloaded configuration could not be applied: \(error); running with the one before it")
                await lasting.reloads.failed("\(error)")
                (before, configuration) = (nil, previous)
            }
        }
    }
}

/// SIGHUP: read the configuration again; one with problems is logged and changes nothing.
private struct HangupReloads: Service {
    let hangups: UnixSignalsSequence
    let reloads: ConfigurationReloads
    let logger: Logger

    func run() async {
        for await _ in hangups.cancelOnGracefulShutdown() {
            do {
                try await reloads.reload(wait: false)
            } catch {
                logger.error("SIGHUP: the configuration was not applied; the running one stays. \(error)")
            }
        }
    }
}
