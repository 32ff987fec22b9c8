import Foundation
import ArgumentParser
import HubConfig
import WeatherWidgets

/// `weatherctl config check`.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Check the configuration.", subcommands: [ConfigCheck.self])
}

struct ConfigCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the configuration file and print every problem with its key, line and a suggestion.",
        discussion: "Exits with status 6 when there are problems: the service would refuse to start.")

    @OptionGroup var hub: HubOptions

    func run() async throws {
        let check = HubConfiguration.check(paths: hub.resolvedPaths, environment: hub.environment, catalog: WeatherHubWidgets.catalog)
        Terminal.print(check.text.trimmingCharacters(in: .newlines))
        if !check.isClean { throw ExitCode(CLIExit.problemsFound.rawValue) }
    }
}
