import ArgumentParser
import Foundation
import HubActions
import HubConfig
import EPaper
import HubSystem
import Logging
import NIOCore
import WeatherWidgets

/// `weatherhub`: the service. Reads the configuration, wires the parts into one service group and runs
/// until SIGTERM or SIGINT, then leaves the panel asleep and exits with status 0.
struct WeatherHubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weatherhub",
        abstract: "The WeatherHub service: weather and local sensors on an e-paper panel.",
        discussion: """
            Without a configuration file it runs on built-in demo weather and the simulated panel, which \
            writes every refresh as a PNG (`latest.png` in the state directory's `panel/` folder).
            Exit status: 0 after SIGTERM or SIGINT, 64 for a wrong option, 78 for a configuration with problems, 1 for any other \
            failure to start.
            """,
        version: HubVersion.current)

    @Option(help: ArgumentHelp("The configuration file.", discussion: "Default: $WEATHERHUB_CONFIG, /etc/weatherhub/config.yaml, ~/.config/weatherhub/config.yaml.", valueName: "path"))
    var config: String?

    @Flag(help: "Built-in demo weather on the simulated panel, whatever the configuration says (no network, key or hardware).")
    var demo = false

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", discussion: "Default: the configuration's `logging.level`.", valueName: "level"))
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("unknown log level `\(logLevel)`; use trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        var environment = ProcessInfo.processInfo.environment
        if let config { environment["WEATHERHUB_CONFIG"] = config }
        let load = loader(environment: environment)
        let configuration: HubConfiguration
        do {
            configuration = try load()
        } catch {
            FileHandle.standardError.write(Data("weatherhub: the configuration has problems; the service does not start.\n\(error)\n".utf8))
            throw ExitCode(78)
        }
        HubLogging.bootstrap(configuration.logging)
        NIOSingletons.groupLoopCountSuggestion = configuration.eventLoopCount
        let logger = Logger(label: "weatherhub")
        do {
            try await HubService(configuration: configuration, environment: environment, load: load, logger: logger).run()
        } catch {
            logger.critical("weatherhub stopped: \(error)")
            throw ExitCode.failure
        }
    }

    /// Reads the configuration as at start, with the command line's `--demo` and `--log-level` on top:
    /// the same at every reload.
    private func loader(environment: [String: String]) -> ConfigurationReloads.Load {
        let (demo, logLevel) = (demo, logLevel.flatMap(Logger.Level.init(rawValue:)))
        return { () throws(ConfigurationError) in
            var configuration = try HubConfiguration.load(
                paths: HubPaths.resolve(environment: environment), environment: environment, catalog: WeatherHubWidgets.catalog)
            if demo { configuration.useDemoData() }
            if let logLevel { configuration.logging.level = logLevel }
            return configuration
        }
    }
}

extension HubConfiguration {
    /// The control socket, the socket feed and the weather client are light: one event loop serves them.
    /// With the web side on, a second loop (where there is a second core) shares a burst of devices waking
    /// at once. NIO's default, a loop per core, costs each loop's stack and buffers for nothing.
    var eventLoopCount: Int { http == nil ? 1 : min(2, System.coreCount) }

    /// `--demo`: demo weather, and the simulated panel in place of real hardware (same size and inks, so
    /// the configured layout still fits).
    mutating func useDemoData() {
        provider.source = .demo
        if panel.model != .simulated { panel = panel.simulatedStandIn() }
    }
}

extension PanelProfile {
    /// The simulated panel with this panel's size and rotation.
    func simulatedStandIn() -> PanelProfile {
        var standIn = PanelProfile.builtIn(.simulated)
        standIn.simulated.size = nativeSize
        standIn.rotation = rotation
        return standIn
    }
}
