#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubSystem
public import Sensors

/// `weatherctl sensors history SENSOR`: one field's history buckets over a span back from now; the CLI
/// writes the table, JSON or CSV in the hub's local time.
public enum SensorHistoryMethod: ControlMethod {
    /// Which sensor, which field, how far back.
    public struct Params: Codable, Sendable, Hashable {
        /// The sensor's identity or display name.
        public var sensor: String
        public var field: SensorField
        /// How far back from now, in seconds.
        public var seconds: Double

        public init(sensor: String, field: SensorField, seconds: Double) {
            self.sensor = sensor
            self.field = field
            self.seconds = seconds
        }
    }

    /// The service's answer.
    public struct Result: Codable, Sendable, Equatable {
        /// The buckets; `nil` when the service has no sensor intake.
        public var history: SensorHistory?

        public init(history: SensorHistory?) {
            self.history = history
        }
    }

    public static let name = "sensors.history"
}

/// A field's history as the control socket carries it: each bucket with the hub's UTC offset at its start,
/// so the CLI prints the hub's local time (the repeated hour of a DST change included).
public struct SensorHistory: Codable, Sendable, Equatable {
    public var sensor: SensorID
    public var displayName: String
    public var field: SensorField
    public var from: Date
    public var to: Date
    /// The hub's time zone ("Europe/Berlin").
    public var timeZone: String
    public var buckets: [Bucket]

    /// One history bucket.
    public struct Bucket: Codable, Sendable, Equatable {
        public var time: Date
        /// Seconds the hub's local time is ahead of UTC at `time`.
        public var utcOffsetSeconds: Int
        /// The bucket's width in seconds (60 within the fine retention, 3600 before).
        public var width: Double
        public var minimum: Double
        public var maximum: Double
        public var mean: Double
        public var count: Int
        /// Whether the sensor sent nothing for its `stale_after` before this bucket: a chart starts a new
        /// line here.
        public var afterGap: Bool

        public init(
            time: Date, utcOffsetSeconds: Int, width: Double, minimum: Double, maximum: Double, mean: Double, count: Int,
            afterGap: Bool
        ) {
            self.time = time
            self.utcOffsetSeconds = utcOffsetSeconds
            self.width = width
            self.minimum = minimum
            self.maximum = maximum
            self.mean = mean
            self.count = count
            self.afterGap = afterGap
        }
    }

    /// The series' buckets, with their offsets in `timeZone`.
    public init(series: HistorySeries, displayName: String, timeZone: TimeZoneRules) {
        sensor = series.sensor
        self.displayName = displayName
        field = series.field
        from = series.from
        to = series.to
        self.timeZone = timeZone.identifier
        buckets = series.segments.enumerated().flatMap { index, segment in
            segment.points.enumerated().map { position, point in
                Bucket(
                    time: point.time, utcOffsetSeconds: timeZone.secondsFromUTC(at: point.time), width: point.width,
                    minimum: point.minimum, maximum: point.maximum, mean: point.mean, count: point.count,
                    afterGap: index > 0 && position == 0)
            }
        }
    }
}
