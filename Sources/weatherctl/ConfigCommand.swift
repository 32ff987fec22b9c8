import Foundation
import ArgumentParser
import HubActions
import HubConfig
import HubControl
import HubSystem
import WeatherWidgets

/// `weatherctl config check | set | unset | reload`.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Check, change and apply the configuration.",
        subcommands: [ConfigCheck.self, ConfigSet.self, ConfigUnset.self, ConfigReload.self])
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

struct ConfigSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set one key in the configuration file and have the service apply it.",
        discussion: """
            Only the key's line changes: comments and the rest of the file stay as written, and the file as it was \
            is kept beside it (config.yaml.previous). The changed file must pass `config check` first, or nothing \
            is written (exit status 6). Then the service reads it again and the command waits until the panel shows it.
            """)

    @Argument(help: ArgumentHelp("The key, with its sections, e.g. display.language or panel.rotation.", valueName: "key"))
    var key: String

    @Argument(help: "The value, as it would be written in the file.")
    var value: String

    @OptionGroup var change: ConfigChangeOptions

    func run() async throws {
        try await reportingFailures { try await change.apply(ConfigEdit(try change.keyPath(key), .text(value))) }
    }
}

struct ConfigUnset: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove one key from the configuration file (its default applies) and have the service apply it.")

    @Argument(help: ArgumentHelp("The key, with its sections, e.g. display.clock.", valueName: "key"))
    var key: String

    @OptionGroup var change: ConfigChangeOptions

    func run() async throws {
        try await reportingFailures { try await change.apply(ConfigEdit(try change.keyPath(key), .removed)) }
    }
}

struct ConfigReload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Have the service read the configuration file again (as `systemctl reload weatherhub` does).",
        discussion: "A file with problems is refused and the running configuration stays. Waits until the panel shows the result.")

    @Option(help: ArgumentHelp("How long to wait for the panel, in seconds.", valueName: "seconds"))
    var timeout = 60

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            let start = ContinuousClock.now
            Terminal.progress("Waiting for the service to apply the configuration…")
            _ = try await hub.client(paths: hub.paths(), timeout: .seconds(timeout)).call(ConfigReloadMethod.self, .init(wait: true))
            Terminal.endProgress()
            Terminal.print("Applied; on the panel after \(String(format: "%.1f", (ContinuousClock.now - start).timeInterval)) s.")
        }
    }
}

/// What `config set` and `config unset` share: the file, the check and the service's reload.
struct ConfigChangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How long to wait for the panel, in seconds.", valueName: "seconds"))
    var timeout = 60

    @OptionGroup var hub: HubOptions

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be at least 1 second") }
    }

    /// `display.language` as its keys; a clear error for an empty part.
    func keyPath(_ key: String) throws -> [String] {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else {
            throw ValidationError("`\(key)` is not a key: write its sections and name with dots, e.g. display.language")
        }
        return parts
    }

    /// Writes `edit`, has the service apply it and says what happened.
    func apply(_ edit: ConfigEdit) async throws {
        let paths = hub.resolvedPaths
        let (environment, timeout) = (hub.environment, timeout)
        let client = hub.client(paths: hub.paths(), timeout: .seconds(timeout))
        let change = ConfigurationChange(
            file: ConfigFile(path: paths.configFile),
            read: { HubConfiguration.reading($0, paths: paths, environment: environment, catalog: WeatherHubWidgets.catalog) },
            apply: { wait in _ = try await client.call(ConfigReloadMethod.self, .init(wait: wait)) })
        let start = ContinuousClock.now
        let outcome: ConfigurationChange.Outcome
        do throws(ConfigEditRefusal) {
            outcome = try await change.change([edit], wait: true)
        } catch {
            throw CLIFailure(error)
        }
        guard outcome.file.changed else {
            Terminal.print("\(paths.configFile) already says that; nothing changed.")
            return
        }
        let saved = edit.value == .removed ? "Removed \(edit.keyPathText) from" : "Saved \(edit) in"
        Terminal.print("\(saved) \(paths.configFile)\(outcome.file.commentsKept ? "" : " (written anew: its comments are in \(change.file.previousPath))").")
        if let error = outcome.notApplied as? ControlClientError, CLIFailure(error).exit == .serviceUnavailable {
            Terminal.print("The service is not running; it reads the file when it starts.")
            return
        } else if let error = outcome.notApplied {
            throw CLIFailure("saved, but the service did not apply it: \(error)")
        }
        Terminal.print("On the panel after \(String(format: "%.1f", (ContinuousClock.now - start).timeInterval)) s.")
    }
}

extension CLIFailure {
    /// A refused change: its problems exit with status 6, a file that cannot be written with 5.
    init(_ refusal: ConfigEditRefusal) {
        switch refusal.reason {
        case .problems: self.init(refusal.description, .problemsFound)
        case .notWritten where refusal.message.contains("ermission"): self.init(refusal.message, .permissionDenied)
        case .notEditable, .changedOnDisk, .notWritten: self.init(refusal.message, .failure)
        }
    }
}
