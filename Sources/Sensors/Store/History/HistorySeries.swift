#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// One field's history between two instants, as runs of buckets with the gaps between them kept: a chart
/// draws each segment and never a line across a gap.
public struct HistorySeries: Sendable, Equatable {
    public let sensor: SensorID
    public let field: SensorField
    /// The span asked for; buckets may start a little before `from` (the bucket containing it).
    public let from: Date
    public let to: Date
    /// How long without a bucket counts as a gap: the sensor's `stale_after`, so a sensor that reports
    /// every ten minutes draws as one line and one that went silent does not.
    public let gapAfter: Duration
    /// The runs of buckets, oldest first.
    public let segments: [HistorySegment]

    /// Splits `points` (oldest first) wherever no bucket starts within `gapAfter` of the previous one's end.
    public init(sensor: SensorID, field: SensorField, from: Date, to: Date, gapAfter: Duration, points: [HistoryPoint]) {
        self.sensor = sensor
        self.field = field
        self.from = from
        self.to = to
        self.gapAfter = gapAfter
        var segments: [HistorySegment] = []
        var run: [HistoryPoint] = []
        for point in points {
            if let previous = run.last, point.time.timeIntervalSince(previous.end) >= gapAfter.timeInterval {
                segments.append(HistorySegment(points: run))
                run = []
            }
            run.append(point)
        }
        if !run.isEmpty { segments.append(HistorySegment(points: run)) }
        self.segments = segments
    }

    /// Every bucket, oldest first.
    public var points: [HistoryPoint] { segments.flatMap(\.points) }

    /// The end of the newest bucket, or nil without any: a stale sensor's series ends well before `to`.
    public var lastBucketEnd: Date? { segments.last?.end }

    /// Whether buckets miss part of `start..<end`: a gap inside, nothing near the start, or nothing near
    /// the end (each at least `gapAfter` long).
    public func hasGaps(from start: Date, to end: Date) -> Bool {
        let gap = gapAfter.timeInterval
        let inside = segments.filter { $0.end > start && $0.start < end }
        guard let first = inside.first, let last = inside.last else { return end > start }
        return inside.count > 1 || first.start.timeIntervalSince(start) >= gap || end.timeIntervalSince(last.end) >= gap
    }
}
