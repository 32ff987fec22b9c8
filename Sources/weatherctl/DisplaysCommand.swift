import ArgumentParser
import Foundation
import HubControl
import HubDisplays

/// `weatherctl displays`: the networked displays and their devices; approve, remove, preview, url.
struct DisplaysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "displays",
        abstract: "List the networked displays and their devices; approve or remove devices; preview a display.",
        subcommands: [DisplaysList.self, DisplaysApprove.self, DisplaysRemove.self, DisplaysPreview.self, DisplaysURL.self],
        defaultSubcommand: DisplaysList.self)
}

struct DisplaysList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Each display's size and image, each device's last visit, battery, Wi-Fi, firmware, next wake and log (the default).")

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let report = try await hub.client(paths: hub.paths()).call(DisplaysMethod.self, Empty())
            if output.json {
                try Terminal.printJSON(report)
            } else {
                Terminal.print(DisplaysText.render(report, now: Date()))
            }
        }
    }
}

struct DisplaysApprove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Let a device show a TRMNL display; it gets its key when it next asks /api/setup.")

    @Argument(help: ArgumentHelp("The device's MAC address, as `weatherctl displays` lists it.", valueName: "device"), transform: DeviceID.argument)
    var device: DeviceID

    @Option(help: ArgumentHelp("The display it shows; needed when several displays take devices.", valueName: "id"))
    var display: String?

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let result = try await hub.client(paths: hub.paths()).call(
                DisplayApproveMethod.self, DisplayApproveMethod.Params(device: device, display: display))
            if output.json {
                try Terminal.printJSON(result)
            } else {
                Terminal.print("Approved \(result.device) (\(result.friendlyID)) on display \(result.display); it shows it from its next wake-up.")
            }
        }
    }
}

struct DisplaysRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Forget a device: its key stops working at once.")

    @Argument(help: ArgumentHelp("The device's MAC address.", valueName: "device"), transform: DeviceID.argument)
    var device: DeviceID

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            _ = try await hub.client(paths: hub.paths()).call(DisplayRemoveMethod.self, DisplayRemoveMethod.Params(device: device))
            Terminal.print("Removed \(device); its next wake-up finds it unknown.")
        }
    }
}

struct DisplaysPreview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview", abstract: "Write a display's current frame as a PNG file.")

    @Argument(help: ArgumentHelp("The display's id.", valueName: "id"))
    var display: String

    @Option(help: ArgumentHelp("Where to write the PNG.", valueName: "file"))
    var out: String

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            let result = try await hub.client(paths: hub.paths()).call(DisplayImageMethod.self, DisplayImageMethod.Params(display: display))
            guard let png = result.png else { throw CLIFailure("display \(display) has no frame yet; try again in a few seconds") }
            try writeOutput(png, to: out)
            Terminal.print("Wrote \(display)'s frame to \(out).")
        }
    }
}

struct DisplaysURL: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Print a display's image URL with its token, for ESPHome's online_image, a Kindle or a browser.",
        discussion: "The token opens only this display's image. Keep it out of public places.")

    @Argument(help: ArgumentHelp("The display's id.", valueName: "id"))
    var display: String

    @Option(help: ArgumentHelp("How devices reach the hub.", valueName: "base-url"))
    var base = "http://\(ProcessInfo.processInfo.hostName):2300"

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            let result = try await hub.client(paths: hub.paths()).call(DisplayImageMethod.self, DisplayImageMethod.Params(display: display))
            Terminal.print((base.hasSuffix("/") ? String(base.dropLast()) : base) + result.path)
        }
    }
}

extension DeviceID {
    /// Reads a device argument, or says how to write one.
    static func argument(_ text: String) throws -> DeviceID {
        guard let device = DeviceID(text) else { throw ValidationError("`\(text)` is not a MAC address; write it as AA:BB:CC:DD:EE:FF") }
        return device
    }
}
