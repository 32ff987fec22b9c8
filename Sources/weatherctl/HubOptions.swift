import ArgumentParser
import Foundation
import HubConfig
import HubControl
import InkWidgets
import SharedDefaultsKit
import WeatherInfoKit
import WeatherWidgets

/// Options every command shares: which configuration (and so which service) to talk to.
struct HubOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The service's configuration file.", discussion: "Default: $WEATHERHUB_CONFIG, /etc/weatherhub/config.yaml, ~/.config/weatherhub/config.yaml.", valueName: "path"))
    var config: String?

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let config { environment["WEATHERHUB_CONFIG"] = config }
        return environment
    }

    /// The paths resolved from the environment alone.
    var resolvedPaths: HubPaths { HubPaths.resolve(environment: environment) }

    /// The service's configuration, or what it would be with `displayLanguage` as `display.language`. A
    /// configuration with problems still gives the paths the service would use, with a warning, so
    /// `city set` works while the file is being fixed.
    func configuration(displayLanguage: PanelLanguage? = nil) -> HubConfiguration? {
        do {
            return try HubConfiguration.load(
                paths: resolvedPaths, environment: environment, catalog: WeatherHubWidgets.catalog, displayLanguage: displayLanguage)
        } catch {
            Terminal.error("warning: the configuration has problems (run `weatherctl config check`); using the default paths")
            return nil
        }
    }

    /// The service's directories, with the configuration's `paths:` overrides.
    func paths() -> HubPaths {
        configuration()?.paths ?? resolvedPaths
    }

    /// The shared store, or a failure that says how to get access.
    func sharedDefaults(paths: HubPaths) throws -> SharedDefaults {
        try storing { try paths.openSharedDefaults() }
    }

    /// `WidgetCenter.shared`, connected to the service's control socket.
    func connectWidgetCenter(paths: HubPaths, waitTimeout: Duration = .seconds(60)) -> WidgetCenter {
        WidgetCenter.shared.connect(to: RemoteWidgetCenter(client: client(paths: paths), waitTimeout: waitTimeout))
        return WidgetCenter.shared
    }

    func client(paths: HubPaths, timeout: Duration = .seconds(5)) -> ControlClient {
        ControlClient(socketPath: paths.controlSocket, timeout: timeout)
    }
}

/// `--json` on every read command.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}

/// Runs a shared-store operation, turning its error into a failure with the matching exit status.
func storing<T>(_ operation: () throws -> T) throws -> T {
    do {
        return try operation()
    } catch let error as SharedDefaultsError {
        throw CLIFailure("\(error)", error.code == .permissionDenied ? .permissionDenied : .failure)
    }
}

/// Writes a file the user named with `--out`, or fails saying which and why.
func writeOutput(_ data: Data, to path: String) throws {
    do {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw CLIFailure("cannot write \(path): \(error.localizedDescription)")
    }
}
