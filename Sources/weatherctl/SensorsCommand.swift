import ArgumentParser
import Foundation
import HubConfig
import HubControl
import Sensors

/// `weatherctl sensors`: what the service knows of each sensor; `sensors history` prints one field's
/// history; `sensors decode` explains one payload.
struct SensorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensors",
        abstract: "List the known sensors: latest values, units, source, age, battery, rejected messages.",
        subcommands: [SensorsList.self, SensorsHistory.self, SensorsDecode.self], defaultSubcommand: SensorsList.self)
}

struct SensorsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the known sensors (the default).")

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let answer = try await hub.client(paths: hub.paths()).call(SensorsMethod.self, Empty())
            Terminal.print(SensorListReport.text(answer, json: output.json, now: Date()).trimmingCharacters(in: .newlines))
        }
    }
}

/// `weatherctl sensors decode --topic TOPIC < payload`: no service needed.
struct SensorsDecode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode one payload from standard input as if it arrived on TOPIC, and say what the hub keeps.",
        discussion: "Exits with status 6 when the hub would reject it, and prints why. Needs no running service.")

    @Option(help: ArgumentHelp("The MQTT topic the payload arrives on, e.g. rtl_433/events or zigbee2mqtt/balcony.", valueName: "topic"))
    var topic: String

    @Flag(help: "Treat the payload as a retained message.")
    var retained = false

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await reportingFailures {
            let settings = hub.configuration()?.sensors ?? SensorSettings()
            // One byte over the limit is enough for the decoder to say the payload is too large.
            let payload = try FileHandle.standardInput.read(upToCount: settings.limits.maxPayloadBytes + 1) ?? Data()
            let report = DecodeReport(topic: topic, payload: Array(payload), retained: retained, now: Date(), settings: settings)
            Terminal.print((output.json ? report.json : report.text).trimmingCharacters(in: .newlines))
            if report.isRejected { throw ExitCode(CLIExit.problemsFound.rawValue) }
        }
    }
}
