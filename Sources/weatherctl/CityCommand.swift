import ArgumentParser
import Foundation
import HubActions
import HubAssembly
import HubConfig
import HubControl
import HubSystem
import InkWidgets
import Logging
import SharedDefaultsKit
import WeatherInfoKit

/// `weatherctl city …`: the seed's location list.
struct CityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "city", abstract: "Choose, show or look up the city the weather widgets show.",
        subcommands: [CitySet.self, CityGet.self, CitySearch.self])
}

/// `weatherctl city set NAME`: store the city, reload every widget, wait for the panel.
struct CitySet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Store the city and show it on the panel.",
        discussion: """
            Looks the name up (the weather provider's geocoding: OpenWeatherMap's, or Open-Meteo's when it is \
            the source or stands in for OpenWeatherMap; or the demo data), stores the choice in the shared \
            store, asks the service to reload every widget and waits until the new city is on the panel. \
            Offline, or with --no-verify, the name is stored as typed and the service looks it up later.
            """)

    @Argument(help: "The city's name, e.g. Lyon, \"São Paulo\" or \"Paris\".")
    var name: String

    @Option(help: ArgumentHelp("Only places in this country (ISO 3166 code, e.g. FR).", valueName: "CC"))
    var country: String?

    @Option(help: ArgumentHelp("Take the Nth place of an ambiguous name (as `city search` lists them).", valueName: "N"))
    var pick: Int?

    @Flag(help: "Store the name as typed without looking it up.")
    var noVerify = false

    @Option(help: ArgumentHelp("How long to wait for the panel, in seconds.", valueName: "seconds"))
    var timeout = 60

    @OptionGroup var hub: HubOptions

    func validate() throws {
        if let pick, pick < 1 { throw ValidationError("--pick counts from 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be at least 1 second") }
    }

    func run() async throws {
        try await reportingFailures {
            try await refusals { () throws(CityChangeRefusal) in
                _ = try CityChange.validatedName(name)
                _ = try CityChange.validatedCountry(country)
            }
            let configuration = hub.configuration()
            let paths = configuration?.paths ?? hub.resolvedPaths
            let defaults = try hub.sharedDefaults(paths: paths)
            let actions = HubActions(
                defaults: defaults, center: hub.connectWidgetCenter(paths: paths, waitTimeout: .seconds(timeout)),
                weather: configuration?.makeWeatherSource(environment: hub.environment, logger: Logger(label: "weatherctl")),
                provider: configuration?.provider.source.weatherProvider ?? .demo, logger: Logger(label: "weatherctl"))
            let request = CityChange.Request(name: name, country: country, pick: pick, verify: !noVerify)
            let choice = try await refusals { () async throws(CityChangeRefusal) in try await actions.setCity(request) }
            if case .asTyped(_, let fault?) = choice {
                Terminal.error("could not look the name up now (\(fault.message(from: actions.city.provider))); stored it as typed, the service looks it up later")
            }
            let location = choice.location
            Terminal.print("Saved \(location.displayName)\(location.coordinates == nil ? " (not looked up yet)" : "").")
            try await showOnPanel(location, actions: actions)
        }
    }

    /// `WidgetCenter.shared.reloadAllTimelines()`, waiting until the panel shows the result.
    private func showOnPanel(_ location: Location, actions: HubActions) async throws {
        Terminal.progress("Waiting for the panel to show \(location.name)…")
        let start = ContinuousClock.now
        let reports: [ReloadReport]
        do {
            reports = try await actions.reload(wait: true)
        } catch let error as ControlClientError where CLIFailure(error).exit == .serviceUnavailable {
            Terminal.endProgress()
            Terminal.print("The service is not running; the panel shows \(location.name) when it starts.")
            return
        }
        Terminal.endProgress()
        let elapsed = ContinuousClock.now - start
        let failures = reports.filter { $0.outcome == .failed }
        guard failures.isEmpty else {
            let reasons = failures.map { "\($0.widget): \($0.message ?? "failed")" }.joined(separator: "; ")
            throw CLIFailure("saved, but the panel could not show it yet (\(reasons)); the service retries — see `weatherctl status`")
        }
        Terminal.print("On the panel after \(String(format: "%.1f", elapsed.timeInterval)) s.")
    }
}

/// `weatherctl city get`.
struct CityGet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Show the stored city.")

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let configuration = hub.configuration()
            let defaults = try hub.sharedDefaults(paths: configuration?.paths ?? hub.resolvedPaths)
            let stored = defaults.value(for: .city)
            let location = stored ?? configuration?.provider.defaultCity ?? DemoWeatherSource.city
            if output.json {
                try Terminal.printJSON(CityAnswer(location: location, isDefault: stored == nil))
            } else {
                Terminal.print(location.displayName + (stored == nil ? " (the configuration's default)" : ""))
            }
            if let problem = defaults.problem { Terminal.error("warning: \(problem)") }
        }
    }

    private struct CityAnswer: Encodable {
        let location: Location
        let isDefault: Bool
    }
}

/// `weatherctl city search NAME`.
struct CitySearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "List the places matching a name (up to five).")

    @Argument(help: "The name to look up.")
    var name: String

    @Option(help: ArgumentHelp("Only places in this country (ISO 3166 code).", valueName: "CC"))
    var country: String?

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let (name, country) = try await refusals { () throws(CityChangeRefusal) in
                (try CityChange.validatedName(self.name), try CityChange.validatedCountry(self.country))
            }
            guard let configuration = hub.configuration() else {
                throw CLIFailure("fix the configuration first: `weatherctl config check`")
            }
            let source = configuration.makeWeatherSource(environment: hub.environment, logger: Logger(label: "weatherctl"))
            let candidates: [Location]
            do throws(WeatherFault) {
                candidates = try await CityChange.candidates(name: name, country: country, in: source)
            } catch {
                throw CLIFailure("cannot search now: \(error.message(from: configuration.provider.source.weatherProvider))")
            }
            if output.json {
                try Terminal.printJSON(candidates)
            } else if candidates.isEmpty {
                throw CLIFailure("no place named \"\(name)\"", .cityNotFound)
            } else {
                Terminal.print(CityList.numbered(candidates))
            }
        }
    }
}
