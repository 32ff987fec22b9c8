import ArgumentParser
import Foundation
import HubControl
import InkWidgets

/// `weatherctl reload [--kind KIND]`: `WidgetCenter.shared.reloadAllTimelines()` / `reloadTimelines(ofKind:)`.
struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Ask the service to reload widget timelines now, with fresh weather (exempt from the reload budget).")

    @Option(help: ArgumentHelp("Only widgets of this kind (weather, sensors, forecast, quote, history).", valueName: "kind"))
    var kind: String?

    @Flag(help: "Wait until the reloaded widgets are on the panel.")
    var wait = false

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            let center = hub.connectWidgetCenter(paths: hub.paths())
            do {
                guard wait else {
                    if let kind {
                        try await center.reloadTimelines(ofKind: kind, reason: .user)
                    } else {
                        try await center.reloadAllTimelines(reason: .user)
                    }
                    Terminal.print("Reload requested\(kind.map { " for \($0)" } ?? "").")
                    return
                }
                let reports =
                    if let kind {
                        try await center.reloadTimelinesAndWait(ofKind: kind, reason: .user)
                    } else {
                        try await center.reloadAllTimelinesAndWait(reason: .user)
                    }
                let failures = reports.filter { $0.outcome == .failed }
                guard failures.isEmpty else {
                    throw CLIFailure(failures.map { "\($0.widget): \($0.message ?? "failed")" }.joined(separator: "; "))
                }
                Terminal.print("Reloaded; the panel is up to date.")
            } catch let error as ControlClientError where error.code == .refused(.failed) {
                throw CLIFailure(error.message, .usage)
            }
        }
    }
}

/// `weatherctl widgets`: the placed widgets and their schedules.
struct WidgetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgets", abstract: "List the placed widgets: kind, family, region, next entry, next reload, budget left.")

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let widgets = try await hub.client(paths: hub.paths()).call(WidgetsMethod.self, Empty())
            if output.json {
                try Terminal.printJSON(widgets)
            } else {
                Terminal.print(StatusText.widgetTable(widgets, now: Date()))
            }
        }
    }
}

/// `weatherctl status`.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the service: panel and last refresh, data ages, the last provider error, MQTT, next entries.")

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let status = try await hub.client(paths: hub.paths()).call(StatusMethod.self, Empty())
            if output.json {
                try Terminal.printJSON(status)
            } else {
                Terminal.print(StatusText.render(status, now: Date()))
            }
        }
    }
}

/// `weatherctl open 'weatherwidget://?daysFromNow=2'`: the seed widget's deep link.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a widget link: weatherwidget://?daysFromNow=N selects the forecast day (0 = today).")

    @Argument(help: "The link, e.g. 'weatherwidget://?daysFromNow=2'.")
    var link: String

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let action = try WidgetLink.action(for: link)
            let result = try await hub.client(paths: hub.paths()).call(PanelActionMethod.self, action)
            if output.json {
                try Terminal.printJSON(result)
            } else {
                Terminal.print(result.daysFromNow == 0 ? "The forecast shows today." : "The forecast shows day +\(result.daysFromNow).")
            }
        }
    }
}
