#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import Sensors

/// `weatherctl sensors decode [--json]`: the report for a terminal, or as JSON (keys `temperature_C`,
/// `humidity_pct`… in SI units).
extension DecodeReport {
    /// The report for a terminal.
    var text: String {
        var lines = ["topic: \(IdentityCheck.printable(topic, limit: 200))"]
        switch outcome {
        case .sensors(let sensors):
            if verdict != .kept, case .rejected(_, let reason, _)? = sensors.first {
                lines.append("REJECTED: \(reason.detail)")
            }
            for sensor in sensors {
                lines += [""] + Self.lines(sensor)
            }
        case .availability(let source, let state):
            lines.append("availability: \(source.rawValue) is \(state.rawValue)")
        case .unitHint(let stateTopic, let unit, let deviceClass):
            lines.append("metadata for \(stateTopic): unit \(unit ?? "unknown"), device class \(deviceClass ?? "unknown")")
        case .ignored(let why):
            lines.append("IGNORED: \(why)")
        case .rejected(_, let reason):
            lines.append("REJECTED (\(reason.code.rawValue)): \(reason.detail)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON.
    var json: String {
        var members: [(String, JSONOutput)] = [("topic", .string(topic)), ("verdict", .string(verdict.rawValue))]
        switch outcome {
        case .sensors(let sensors):
            if verdict != .kept, case .rejected(_, let reason, _)? = sensors.first {
                members.append(("reason", .string(reason.detail)))
            }
            members.append(("readings", .array(sensors.map(Self.json))))
        case .availability(let source, let state):
            members.append(("availability", .object([("source", .string(source.rawValue)), ("state", .string(state.rawValue))])))
        case .unitHint(let stateTopic, let unit, let deviceClass):
            members.append(
                ("unit_hint", .object([
                    ("state_topic", .string(stateTopic)), ("unit", .optionalString(unit)), ("device_class", .optionalString(deviceClass)),
                ])))
        case .ignored(let why):
            members.append(("reason", .string(why)))
        case .rejected(let source, let reason):
            members += [
                ("code", .string(reason.code.rawValue)), ("reason", .string(reason.detail)), ("counted_against", .string(source.rawValue)),
            ]
        }
        return JSONOutput.object(members).render()
    }

    private static func lines(_ sensor: SensorOutcome) -> [String] {
        switch sensor {
        case .rejected(let sensor, let reason, let rejections):
            var lines = ["sensor:      \(sensor.map { IdentityCheck.printable($0.rawValue) } ?? "(unnamed)") — REJECTED"]
            lines += rejections.map { "  refused \($0.key): \($0.reason.detail)" }
            if rejections.isEmpty { lines.append("  \(reason.detail)") }
            return lines
        case .kept(let reading, let stale, let staleAfter):
            var lines = [
                "sensor:      \(IdentityCheck.printable(reading.sensor.rawValue)) (\(reading.ecosystem.rawValue))",
                "observed at: \(CivilTime.iso8601(reading.observedAt)) (\(reading.timeSource == .payload ? "payload time" : "arrival time"))",
            ]
            if let note = reading.timeNote { lines.append("             \(note)") }
            if reading.ageUnknown { lines.append("age unknown: retained without a timestamp; not shown until a live message") }
            if stale { lines.append("stale:       older than \(ReportDuration.format(seconds: staleAfter.timeInterval)); not shown as current") }
            if let reason = reading.noValuesReason { lines.append("no values:   \(reason)") }
            let suspects = Dictionary(reading.suspects.map { ($0.field, $0.reason) }, uniquingKeysWith: { first, _ in first })
            for (field, value) in reading.values {
                let key = field.key + String(repeating: " ", count: max(1, 17 - field.key.count))
                var line = "  \(key)\(ReportValue.text(value, field: field))"
                if reading.unitAssumed.contains(field) { line += "  (unit assumed)" }
                if let suspect = suspects[field] { line += "  SUSPECT: \(suspect)" }
                lines.append(line)
            }
            lines += reading.rejections.map { "  refused \($0.key): \($0.reason.detail)" }
            return lines
        }
    }

    private static func json(_ sensor: SensorOutcome) -> JSONOutput {
        switch sensor {
        case .rejected(let sensor, let reason, let rejections):
            return .object([
                ("sensor", .optionalString(sensor?.rawValue)), ("verdict", .string("rejected")),
                ("code", .string(reason.code.rawValue)), ("reason", .string(reason.detail)),
                ("rejected_fields", rejectedFields(rejections)),
            ])
        case .kept(let reading, let stale, _):
            let values = reading.values.map { ($0.field.key, ReportValue.json($0.value, field: $0.field)) }
            return .object([
                ("sensor", .string(reading.sensor.rawValue)),
                ("verdict", .string("kept")),
                ("ecosystem", .string(reading.ecosystem.rawValue)),
                ("observed_at", .string(CivilTime.iso8601(reading.observedAt))),
                ("observed_at_source", .string(reading.timeSource.rawValue)),
                ("time_note", .optionalString(reading.timeNote?.description)),
                ("retained", .bool(reading.retained)),
                ("age_unknown", .bool(reading.ageUnknown)),
                ("stale", .bool(stale)),
                ("values", .object(values)),
                ("unit_assumed", .array(reading.unitAssumed.sorted().map { .string($0.key) })),
                ("suspect", .object(reading.suspects.map { ($0.field.key, .string($0.reason)) })),
                ("rejected_fields", rejectedFields(reading.rejections)),
                ("no_values_reason", .optionalString(reading.noValuesReason)),
            ])
        }
    }

    private static func rejectedFields(_ rejections: [FieldRejection]) -> JSONOutput {
        .array(rejections.map { rejection in
            .object([
                ("key", .string(rejection.key)), ("code", .string(rejection.reason.code.rawValue)),
                ("reason", .string(rejection.reason.detail)),
            ])
        })
    }
}
