#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubControl
import HubSystem
import Sensors

/// `weatherctl sensors [--json]`: every known sensor with its latest values, units, source, age,
/// battery, and the count of refused messages with the last reason.
enum SensorListReport {
    /// The service's answer as the table, or as JSON; without a sensor intake, a line saying how to
    /// configure one (`[]` as JSON).
    static func text(_ answer: SensorsMethod.Result, json: Bool, now: Date) -> String {
        guard let snapshots = answer.sensors else {
            return json ? "[]" : noIntake
        }
        return json
            ? Self.json(snapshots, untrackedRejections: answer.untrackedRejections, now: now)
            : table(snapshots, untrackedRejections: answer.untrackedRejections, now: now)
    }

    /// What the CLI says when the service has no sensor intake.
    static let noIntake = "No sensors: configure `mqtt:` or `socket_feed:` (see config/weatherhub.example.yaml)."

    /// A table for a terminal: one line per sensor, values marked `(stale)` or `(age unknown)` when they
    /// would not be shown as current.
    static func table(_ snapshots: [SensorSnapshot], untrackedRejections: Int = 0, now: Date) -> String {
        guard !snapshots.isEmpty else {
            return "No sensors yet: check the broker and subscriptions, or try `weatherctl sensors decode`.\n"
        }
        var table = TextTable(header: ["SENSOR", "NAME", "ROLE", "SOURCE", "VALUES", "AGE", "BATTERY", "REJECTED"])
        for snapshot in snapshots {
            let measurements = snapshot.values.filter { $0.key.isMeasurement }.sorted { $0.key < $1.key }
            let values = measurements.map { field, latest in
                ReportValue.text(latest.value, field: field) + marker(latest, staleAfter: snapshot.staleAfter, now: now)
            }
            let newest = measurements.map(\.value.observedAt).max() ?? snapshot.lastSeen
            table.add([
                IdentityCheck.printable(snapshot.sensor.rawValue, limit: 60),
                snapshot.displayName == snapshot.sensor.rawValue ? "-" : IdentityCheck.printable(snapshot.displayName, limit: 40),
                snapshot.role?.rawValue ?? "-",
                [snapshot.ecosystem?.rawValue, snapshot.availability.map { $0.rawValue }].compactMap { $0 }.joined(separator: ", ")
                    .nonEmpty ?? "-",
                values.isEmpty ? "-" : values.joined(separator: ", "),
                newest.map { ReportDuration.format(seconds: now.timeIntervalSince($0)) } ?? "-",
                battery(snapshot) ?? "-",
                rejected(snapshot, now: now),
            ])
        }
        var text = table.render()
        if untrackedRejections > 0 {
            text += "\(untrackedRejections) further messages refused while the sensor limit was reached.\n"
        }
        return text
    }

    /// The same as JSON, with ISO 8601 times, ages in seconds and SI values.
    static func json(_ snapshots: [SensorSnapshot], untrackedRejections: Int = 0, now: Date) -> String {
        let sensors = snapshots.map { snapshot -> JSONOutput in
            let values = snapshot.values.sorted { $0.key < $1.key }.map { field, latest -> (String, JSONOutput) in
                (field.key, .object([
                    ("value", ReportValue.json(latest.value, field: field)),
                    ("unit", .string(field.unit)),
                    ("observed_at", .string(CivilTime.iso8601(latest.observedAt))),
                    ("age_s", .number(latest.age(at: now), digits: 0)),
                    ("current", .bool(latest.isCurrent(at: now, staleAfter: snapshot.staleAfter))),
                    ("age_unknown", .bool(latest.ageUnknown)),
                    ("suspect", .optionalString(latest.suspect)),
                    ("unit_assumed", .bool(latest.unitAssumed)),
                ]))
            }
            return .object([
                ("sensor", .string(snapshot.sensor.rawValue)),
                ("name", .string(snapshot.displayName)),
                ("role", .optionalString(snapshot.role?.rawValue)),
                ("source", .optionalString(snapshot.ecosystem?.rawValue)),
                ("availability", .optionalString(snapshot.availability?.rawValue)),
                ("last_seen", .optionalString(snapshot.lastSeen.map { CivilTime.iso8601($0) })),
                ("stale_after_s", .number(snapshot.staleAfter.timeInterval, digits: 0)),
                ("values", .object(values)),
                ("battery_pct", snapshot.values[.batteryLevel].map { .number($0.value, digits: 0) } ?? .null),
                ("battery_low", snapshot.values[.batteryLow].map { .bool($0.value >= 0.5) } ?? .null),
                ("rejected", .object([
                    ("count", .number(String(snapshot.rejectedCount))),
                    ("last_code", .optionalString(snapshot.lastRejection?.code.rawValue)),
                    ("last_reason", .optionalString(snapshot.lastRejection?.detail)),
                    ("last_at", .optionalString(snapshot.lastRejectionAt.map { CivilTime.iso8601($0) })),
                ])),
            ])
        }
        return JSONOutput.object([
            ("generated_at", .string(CivilTime.iso8601(now))),
            ("sensors", .array(sensors)),
            ("untracked_rejections", .number(String(untrackedRejections))),
        ]).render()
    }

    private static func marker(_ latest: LatestValue, staleAfter: Duration, now: Date) -> String {
        if latest.ageUnknown { return " (age unknown)" }
        if !latest.isCurrent(at: now, staleAfter: staleAfter) { return " (stale)" }
        if latest.suspect != nil { return " (suspect)" }
        return ""
    }

    private static func battery(_ snapshot: SensorSnapshot) -> String? {
        if let level = snapshot.values[.batteryLevel] { return ReportValue.text(level.value, field: .batteryLevel) }
        if let low = snapshot.values[.batteryLow] { return ReportValue.text(low.value, field: .batteryLow) }
        return nil
    }

    private static func rejected(_ snapshot: SensorSnapshot, now: Date) -> String {
        guard snapshot.rejectedCount > 0 else { return "0" }
        var text = "\(snapshot.rejectedCount)"
        if let reason = snapshot.lastRejection {
            let detail = reason.detail.count > 70 ? String(reason.detail.prefix(69)) + "…" : reason.detail
            let when = snapshot.lastRejectionAt.map { ", " + ReportDuration.format(seconds: now.timeIntervalSince($0)) + " ago" } ?? ""
            text += " (last\(when): \(IdentityCheck.printable(detail, limit: 80)))"
        }
        return text
    }
}

extension String {
    /// The string, or nil when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
