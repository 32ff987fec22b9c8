import ArgumentParser
import HubSystem

/// `weatherctl`: the container app of the seeds, on the command line.
@main
struct WeatherCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weatherctl",
        abstract: "Configure WeatherHub: the city, reloads, status, sensors, networked displays, the API key, the web password and previews.",
        discussion: """
            Settings go to the shared store the service reads (the App Group defaults of iOS); the service \
            is then asked over its control socket to reload its widgets, as the iOS app calls \
            WidgetCenter.shared.reloadAllTimelines().

            \(CLIExit.documentation)
            """,
        version: HubVersion.current,
        subcommands: [
            CityCommand.self, ReloadCommand.self, WidgetsCommand.self, StatusCommand.self, SensorsCommand.self, DisplaysCommand.self,
            KeyCommand.self, WebCommand.self, ConfigCommand.self, OpenCommand.self, PreviewCommand.self,
        ])
}
