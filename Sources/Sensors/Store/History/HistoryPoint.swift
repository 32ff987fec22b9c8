#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One bucket of a field's history, for charts: the mean, extremes and last value of the readings that
/// fell into it.
public struct HistoryPoint: Sendable, Equatable {
    /// The start of the bucket.
    public var time: Date
    /// The bucket's width in seconds (1 minute within the fine retention, 1 hour beyond by default).
    public var width: TimeInterval
    public var mean: Double
    public var minimum: Double
    public var maximum: Double
    /// The latest reading in the bucket (what counters such as `rain_mm` need).
    public var last: Double
    public var count: Int

    /// Where the bucket ends (its start plus its width).
    public var end: Date { time.addingTimeInterval(width) }

    public init(
        time: Date, width: TimeInterval, mean: Double, minimum: Double, maximum: Double, last: Double, count: Int
    ) {
        self.time = time
        self.width = width
        self.mean = mean
        self.minimum = minimum
        self.maximum = maximum
        self.last = last
        self.count = count
    }
}
