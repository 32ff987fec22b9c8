#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubControl
import HubSystem
import Sensors

/// `weatherctl sensors history`: one field's buckets (time, min, max, mean, count) in the hub's local
/// time, as a table, JSON or CSV.
enum SensorHistoryReport {
    /// How the buckets are written.
    enum Format {
        case table
        case json
        case csv
    }

    /// The history in `format`.
    static func text(_ history: SensorHistory, format: Format) -> String {
        switch format {
        case .table: table(history)
        case .json: json(history)
        case .csv: csv(history)
        }
    }

    /// A heading, then one line per bucket; a gap gets a line of its own.
    static func table(_ history: SensorHistory) -> String {
        let span = ReportDuration.format(seconds: history.to.timeIntervalSince(history.from))
        let who = history.displayName == history.sensor.rawValue ? history.sensor.rawValue : "\(history.displayName) (\(history.sensor))"
        let heading = "\(who): \(history.field.name) in \(history.field.unit.isEmpty ? "units" : history.field.unit), the last \(span), \(history.timeZone) time\n"
        guard !history.buckets.isEmpty else { return heading + "No readings in that time.\n" }
        var table = TextTable(header: ["TIME", "MIN", "MAX", "MEAN", "COUNT"])
        var previousEnd: Date?
        for bucket in history.buckets {
            if bucket.afterGap, let previousEnd {
                table.add(["(\(ReportDuration.format(seconds: bucket.time.timeIntervalSince(previousEnd))) without readings)"])
            }
            table.add([
                localTime(bucket), number(bucket.minimum, digits: 2), number(bucket.maximum, digits: 2),
                number(bucket.mean, digits: 2), String(bucket.count),
            ])
            previousEnd = bucket.time.addingTimeInterval(bucket.width)
        }
        return heading + table.render()
    }

    /// The buckets with SI values, local ISO 8601 times with their offsets, and where gaps are.
    static func json(_ history: SensorHistory) -> String {
        JSONOutput.object([
            ("sensor", .string(history.sensor.rawValue)),
            ("name", .string(history.displayName)),
            ("field", .string(history.field.key)),
            ("unit", .string(history.field.unit)),
            ("time_zone", .string(history.timeZone)),
            ("from", .string(CivilTime.iso8601(history.from, withFraction: false))),
            ("to", .string(CivilTime.iso8601(history.to, withFraction: false))),
            ("buckets", .array(history.buckets.map { bucket in
                .object([
                    ("time", .string(localTime(bucket))),
                    ("width_s", .number(bucket.width, digits: 0)),
                    ("min", .number(bucket.minimum)),
                    ("max", .number(bucket.maximum)),
                    ("mean", .number(bucket.mean)),
                    ("count", .number(String(bucket.count))),
                    ("after_gap", .bool(bucket.afterGap)),
                ])
            })),
        ]).render()
    }

    /// `time,min,max,mean,count`, one line per bucket, for spreadsheets.
    static func csv(_ history: SensorHistory) -> String {
        var text = "time,min,max,mean,count\n"
        for bucket in history.buckets {
            text += [
                localTime(bucket), number(bucket.minimum), number(bucket.maximum), number(bucket.mean),
                String(bucket.count),
            ].joined(separator: ",") + "\n"
        }
        return text
    }

    /// `2026-10-25T02:30:00+01:00`: local time with its offset, so the repeated hour of a DST change reads apart.
    private static func localTime(_ bucket: SensorHistory.Bucket) -> String {
        CivilTime.iso8601(bucket.time, utcOffsetSeconds: bucket.utcOffsetSeconds)
    }

    private static func number(_ value: Double, digits: Int = 4) -> String {
        ReportNumber.compact(value, maxDigits: digits)
    }
}
