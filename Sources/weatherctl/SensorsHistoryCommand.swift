import ArgumentParser
import Foundation
import HubConfig
import HubControl
import HubSystem
import Sensors

/// `weatherctl sensors history SENSOR [--field F] [--since 24h|7d|30d] [--json|--csv]`.
struct SensorsHistory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print one sensor field's history: per bucket its local time, min, max, mean and count.",
        discussion: """
            Buckets are one minute wide for the last 26 hours and one hour wide before (the hub keeps 30 days). \
            A line "(3 h without readings)" marks a gap; in JSON a bucket after a gap has "after_gap": true.
            """)

    /// The longest span the hub keeps (`coarse_retention`'s default).
    static let longestSpan: Duration = .seconds(30 * 86_400)

    @Argument(help: ArgumentHelp("The sensor: its identity or name, as `weatherctl sensors` lists it.", valueName: "sensor"))
    var sensor: String

    @Option(help: ArgumentHelp(
        "The quantity: \(SensorField.allCases.filter(\.isMeasurement).map(\.name).joined(separator: ", ")) (or its key, e.g. temperature_C).",
        valueName: "field"))
    var field = SensorField.temperature.name

    @Option(help: ArgumentHelp("How far back from now: 24h, 7d or 30d (hours or days, at most 30d).", valueName: "span"))
    var since = "24h"

    @Flag(help: "Print CSV (time,min,max,mean,count) instead of text.")
    var csv = false

    @OptionGroup var hub: HubOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        _ = try parsedField()
        _ = try parsedSpan()
        if csv && output.json { throw ValidationError("--json and --csv exclude each other: pick one.") }
    }

    func run() async throws {
        try await reportingFailures {
            let params = SensorHistoryMethod.Params(sensor: sensor, field: try parsedField(), seconds: try parsedSpan().timeInterval)
            let answer = try await hub.client(paths: hub.paths()).call(SensorHistoryMethod.self, params)
            guard let history = answer.history else { throw CLIFailure(SensorListReport.noIntake) }
            let format: SensorHistoryReport.Format = output.json ? .json : csv ? .csv : .table
            Terminal.print(SensorHistoryReport.text(history, format: format).trimmingCharacters(in: .newlines))
        }
    }

    private func parsedField() throws -> SensorField {
        guard let parsed = SensorField(nameOrKey: field), parsed.isMeasurement else {
            let names = SensorField.allCases.filter(\.isMeasurement).map(\.name).joined(separator: ", ")
            throw ValidationError("--field \"\(field)\" is no quantity the hub keeps a history of: use one of \(names).")
        }
        return parsed
    }

    private func parsedSpan() throws -> Duration {
        guard let span = DurationText.parse(since), span > .zero, span <= Self.longestSpan else {
            throw ValidationError(
                "--since \"\(since)\" is not a span back from now the hub keeps: use hours or days such as 24h, 7d or 30d (at most 30d).")
        }
        return span
    }
}
