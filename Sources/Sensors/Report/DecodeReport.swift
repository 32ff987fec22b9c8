#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// `weatherctl sensors decode --topic TOPIC [--json]`: what the hub extracts from one payload —
/// identity, observation time, each value in SI units — or why it refuses it. Runs the service's own
/// checks, decoders and validation, without a broker, a store or a running service.
public struct DecodeReport: Sendable {
    /// What the hub would do with the message.
    public enum Verdict: String, Sendable {
        /// Something would be kept (values, an availability, unit metadata).
        case kept
        /// Valid, but nothing a weather hub keeps (bridge status, a tyre sensor).
        case ignored
        /// Refused whole.
        case rejected
    }

    public let verdict: Verdict
    /// The report for a terminal.
    public let text: String
    /// The report as JSON (keys `temperature_C`, `humidity_pct`… in SI units).
    public let json: String

    /// Whether the CLI should exit non-zero: nothing from the message would reach the panel.
    public var isRejected: Bool { verdict != .kept }

    /// Interprets one payload as if it had arrived on `topic` at `now`.
    public init(topic: String, payload: [UInt8], retained: Bool = false, now: Date, settings: SensorSettings = SensorSettings()) {
        let interpreter = MessageInterpreter(settings: settings)
        let profiles = SensorProfiles(settings.profiles, defaultStaleAfter: settings.defaultStaleAfter)
        let message = IncomingMessage(topic: topic, payload: payload, retained: retained, arrivedAt: now)
        let interpretation = interpreter.interpret(
            message, unitHints: UnitHintRegistry(capacity: settings.limits.maxUnitHints))
        var lines = ["topic: \(IdentityCheck.printable(topic, limit: 200))"]
        var members: [(String, JSONOutput)] = [("topic", .string(topic))]
        switch interpretation {
        case .sensors(let verdicts):
            let kept = verdicts.contains { if case .accepted = $0 { true } else { false } }
            verdict = kept ? .kept : .rejected
            members.append(("verdict", .string(verdict.rawValue)))
            if !kept, case .rejected(_, let reason, _)? = verdicts.first {
                lines.append("REJECTED: \(reason.detail)")
                members.append(("reason", .string(reason.detail)))
            }
            var readings: [JSONOutput] = []
            for sensorVerdict in verdicts {
                let (reportLines, json) = Self.describe(sensorVerdict, profiles: profiles, now: now)
                lines += [""] + reportLines
                readings.append(json)
            }
            members.append(("readings", .array(readings)))
        case .availability(let announcement):
            verdict = .kept
            lines.append("availability: \(announcement.source.rawValue) is \(announcement.state.rawValue)")
            members += [
                ("verdict", .string(verdict.rawValue)),
                ("availability", .object([
                    ("source", .string(announcement.source.rawValue)), ("state", .string(announcement.state.rawValue)),
                ])),
            ]
        case .unitHint(let stateTopic, let hint):
            verdict = .kept
            lines.append(
                "metadata for \(stateTopic): unit \(hint.unit ?? "unknown"), device class \(hint.deviceClass ?? "unknown")")
            members += [
                ("verdict", .string(verdict.rawValue)),
                ("unit_hint", .object([
                    ("state_topic", .string(stateTopic)), ("unit", .optionalString(hint.unit)),
                    ("device_class", .optionalString(hint.deviceClass)),
                ])),
            ]
        case .ignored(let why):
            verdict = .ignored
            lines.append("IGNORED: \(why)")
            members += [("verdict", .string(verdict.rawValue)), ("reason", .string(why))]
        case .rejected(let source, let reason):
            verdict = .rejected
            lines.append("REJECTED (\(reason.code.rawValue)): \(reason.detail)")
            members += [
                ("verdict", .string(verdict.rawValue)), ("code", .string(reason.code.rawValue)),
                ("reason", .string(reason.detail)), ("counted_against", .string(source.rawValue)),
            ]
        }
        text = lines.joined(separator: "\n") + "\n"
        json = JSONOutput.object(members).render()
    }

    private static func describe(_ verdict: ReadingValidator.Verdict, profiles: SensorProfiles, now: Date)
        -> ([String], JSONOutput)
    {
        switch verdict {
        case .rejected(let sensor, let reason, let rejections):
            var lines = ["sensor:      \(sensor.map { IdentityCheck.printable($0.rawValue) } ?? "(unnamed)") — REJECTED"]
            lines += rejections.map { "  refused \($0.key): \($0.reason.detail)" }
            if rejections.isEmpty { lines.append("  \(reason.detail)") }
            return (lines, .object([
                ("sensor", .optionalString(sensor?.rawValue)), ("verdict", .string("rejected")),
                ("code", .string(reason.code.rawValue)), ("reason", .string(reason.detail)),
                ("rejected_fields", rejectedFields(rejections)),
            ]))
        case .accepted(let reading):
            let staleAfter = profiles.staleAfter(for: reading.sensor)
            let stale = !reading.ageUnknown && now.timeIntervalSince(reading.observedAt) > staleAfter.timeInterval
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
            let values = reading.values.map { ($0.field.key, ReportValue.json($0.value, field: $0.field)) }
            return (lines, .object([
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
            ]))
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
