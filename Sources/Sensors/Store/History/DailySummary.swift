#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One local day of a field's history: its high and low, when each was reached, and whether the
/// buckets cover the day.
public struct DailySummary: Sendable, Equatable {
    /// The local day as days since 1970-01-01 (`CivilTime.date(days:)` gives its date).
    public var day: Int
    /// Local midnight.
    public var start: Date
    /// The next local midnight: 23 or 25 hours after `start` where the clocks change.
    public var end: Date
    public var high: HistoryExtreme
    public var low: HistoryExtreme
    /// Whether buckets miss part of the day up to the summary's time (a gap, or a sensor that started or
    /// went silent during it): its high and low may not be the day's.
    public var isPartlyCovered: Bool
    /// Whether the day was over at the summary's time; today's high and low may still change.
    public var isOver: Bool

    public init(
        day: Int, start: Date, end: Date, high: HistoryExtreme, low: HistoryExtreme, isPartlyCovered: Bool, isOver: Bool
    ) {
        self.day = day
        self.start = start
        self.end = end
        self.high = high
        self.low = low
        self.isPartlyCovered = isPartlyCovered
        self.isOver = isOver
    }
}
