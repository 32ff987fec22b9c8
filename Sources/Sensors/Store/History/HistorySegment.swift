#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A run of history buckets with no gap between them: what a chart may join with one line. Between two
/// segments the sensor sent nothing (it was offline, or the hub was off).
public struct HistorySegment: Sendable, Equatable {
    /// The buckets, oldest first; never empty.
    public let points: [HistoryPoint]

    /// A run of `points` (oldest first, at least one).
    public init(points: [HistoryPoint]) {
        precondition(!points.isEmpty, "a history segment holds at least one bucket")
        self.points = points
    }

    /// The start of the first bucket.
    public var start: Date { points[0].time }
    /// The end of the last bucket.
    public var end: Date { points[points.count - 1].end }
}
