#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import Sensors

/// What the history widget read from the store for one sensor: its latest values and, over the last
/// day and week, its temperature and humidity buckets, daily highs and lows, rain and strongest gust.
struct SensorHistoryData: Sendable {
    var snapshot: SensorSnapshot
    var temperature: HistorySeries?
    var humidity: HistorySeries?
    /// The last seven local days, oldest first; the last is today.
    var days: [DailySummary]
    var rain: RainTotals?
    var gust: HistoryExtreme?

    /// Reads `snapshot`'s history up to `now`, by the local days of `timeZone`. A query that fails leaves
    /// its part out: the widget shows what it has.
    static func read(_ snapshot: SensorSnapshot, from store: SensorStore, timeZone: TimeZoneRules, at now: Date) async -> SensorHistoryData {
        let dayAgo = now - HistoryChart.span - HistoryChart.slotWidth
        let sensor = snapshot.sensor
        let fields = snapshot.values.keys
        return SensorHistoryData(
            snapshot: snapshot,
            temperature: fields.contains(.temperature) ? try? await store.series(of: sensor, field: .temperature, from: dayAgo, to: now) : nil,
            humidity: fields.contains(.humidity) ? try? await store.series(of: sensor, field: .humidity, from: dayAgo, to: now) : nil,
            days: fields.contains(.temperature)
                ? (try? await store.dailySummaries(of: sensor, field: .temperature, days: 7, in: timeZone, at: now)) ?? [] : [],
            rain: fields.contains(.rain) ? try? await store.rainTotals(of: sensor, in: timeZone, at: now) : nil,
            gust: fields.contains(.windGust) ? try? await store.strongestGustToday(of: sensor, in: timeZone, at: now) : nil)
    }
}
