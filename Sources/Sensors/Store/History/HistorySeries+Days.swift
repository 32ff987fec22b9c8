#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubSystem

extension HistorySeries {
    /// A summary for each local day in `timeZone` that has buckets, oldest first. A bucket belongs to the
    /// day its start falls in; `now` ends today's coverage and tells whether a day is over.
    public func dailySummaries(in timeZone: TimeZoneRules, at now: Date) -> [DailySummary] {
        var summaries: [DailySummary] = []
        var points = self.points[...]
        while let first = points.first {
            let day = timeZone.localDay(at: first.time)
            let start = timeZone.start(ofLocalDay: day)
            let end = timeZone.start(ofLocalDay: day + 1)
            let count = points.prefix { $0.time < end }.count
            let dayPoints = points.prefix(count)
            points = points.dropFirst(count)
            guard let high = HistoryExtreme.highest(of: dayPoints), let low = HistoryExtreme.lowest(of: dayPoints) else {
                continue
            }
            let covered = (max(start, from), min(end, to, now))
            summaries.append(DailySummary(
                day: day, start: start, end: end, high: high, low: low,
                isPartlyCovered: start < from || hasGaps(from: covered.0, to: covered.1), isOver: end <= now))
        }
        return summaries
    }
}
