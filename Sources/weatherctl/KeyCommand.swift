import ArgumentParser
import Foundation
import HubActions
import HubConfig
import WeatherInfoKit

/// `weatherctl key set`: stores the OpenWeatherMap key where the service reads it.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Store the OpenWeatherMap API key.", subcommands: [KeySet.self])
}

struct KeySet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Read the API key from standard input (or a prompt that does not echo) and store it.",
        discussion: """
            The key file is readable only by the service's user and group (mode 0640). The service reads it at \
            its next call; no restart needed. The key never goes on the command line, where `ps` shows it.
            """)

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            let configuration = hub.configuration()
            let keyFile = configuration?.provider.apiKeyFile ?? hub.resolvedPaths.apiKeyFile
            let text = try SecretInput.read(prompt: "OpenWeatherMap API key: ")
            // Opening the shared store creates the group-shared container the key file lives in.
            _ = try hub.sharedDefaults(paths: configuration?.paths ?? hub.resolvedPaths)
            do throws(APIKeyChangeRefusal) {
                try APIKeyChange(source: APIKeySource(keyFile: keyFile, environment: [:])).store(text)
            } catch .notAKey {
                throw CLIFailure("\(APIKeyChangeRefusal.notAKey)", .usage)
            } catch .notSaved(let error) {
                throw CLIFailure("\(error)", error.reason.contains("ermission") ? .permissionDenied : .failure)
            }
            Terminal.print("Saved the key to \(keyFile); the service uses it from its next call.")
        }
    }
}
