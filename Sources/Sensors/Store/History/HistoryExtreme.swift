#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The highest or lowest value of a span of history, and when it was reached.
public struct HistoryExtreme: Sendable, Equatable {
    public var value: Double
    /// The start of the bucket it was reached in: to the minute within the fine retention, to the hour
    /// before it.
    public var time: Date

    public init(value: Double, time: Date) {
        self.value = value
        self.time = time
    }

    /// The highest bucket maximum of `points` (the earliest of equal ones), or nil without points.
    static func highest(of points: some Sequence<HistoryPoint>) -> HistoryExtreme? {
        points.reduce(nil) { best, point in
            best.map { $0.value >= point.maximum ? $0 : HistoryExtreme(value: point.maximum, time: point.time) }
                ?? HistoryExtreme(value: point.maximum, time: point.time)
        }
    }

    /// The lowest bucket minimum of `points` (the earliest of equal ones), or nil without points.
    static func lowest(of points: some Sequence<HistoryPoint>) -> HistoryExtreme? {
        points.reduce(nil) { best, point in
            best.map { $0.value <= point.minimum ? $0 : HistoryExtreme(value: point.minimum, time: point.time) }
                ?? HistoryExtreme(value: point.minimum, time: point.time)
        }
    }
}
