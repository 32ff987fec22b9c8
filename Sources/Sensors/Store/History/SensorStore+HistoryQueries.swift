#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubSystem

/// What the history widget, the CLI and the status page ask of a sensor's history, by the hub's local
/// days (`timeZone` is passed in, never the machine's): high and low per day, rain, the strongest gust.
extension SensorStore {
    /// A summary of `field` for each of the last `days` local days that has buckets (today included,
    /// oldest first).
    public func dailySummaries(
        of sensor: SensorID, field: SensorField, days: Int, in timeZone: TimeZoneRules, at now: Date
    ) async throws(SensorStoreError) -> [DailySummary] {
        let from = timeZone.start(ofLocalDay: timeZone.localDay(at: now) - max(days, 1) + 1)
        return try await series(of: sensor, field: field, from: from, to: now).dailySummaries(in: timeZone, at: now)
    }

    /// The rise of the sensor's rain counter (`rain_mm`) today and over the last seven local days; the
    /// counter's rises are summed, so a reset or wrap adds nothing of its own value.
    public func rainTotals(of sensor: SensorID, in timeZone: TimeZoneRules, at now: Date) async throws(SensorStoreError)
        -> RainTotals
    {
        let today = timeZone.start(ofLocalDay: timeZone.localDay(at: now))
        let weekStart = timeZone.start(ofLocalDay: timeZone.localDay(at: now) - 6)
        // From a little earlier, for the bucket before the week as its baseline.
        let gap = gapAfter(for: sensor).timeInterval
        let series = try await series(of: sensor, field: .rain, from: weekStart.addingTimeInterval(-gap), to: now)
        let points = series.points
        func total(from start: Date) -> Double? {
            guard let first = points.firstIndex(where: { $0.time >= start }) else { return nil }
            // The bucket before the span is its baseline when no gap separates them.
            let before = first > 0 ? points[first - 1] : nil
            let baseline = before.flatMap { points[first].time.timeIntervalSince($0.end) < gap ? $0.last : nil }
            return CounterRise.total(of: points[first...], after: baseline)
        }
        return RainTotals(
            today: total(from: today), lastSevenDays: total(from: weekStart),
            isPartlyCovered: series.hasGaps(from: weekStart, to: now))
    }

    /// The strongest gust (`wind_max_m_s`) since local midnight, or nil without gust buckets today.
    public func strongestGustToday(of sensor: SensorID, in timeZone: TimeZoneRules, at now: Date)
        async throws(SensorStoreError) -> HistoryExtreme?
    {
        let today = timeZone.start(ofLocalDay: timeZone.localDay(at: now))
        let points = try await history(of: sensor, field: .windGust, from: today, to: now)
        return HistoryExtreme.highest(of: points.lazy.filter { $0.time >= today })
    }
}
