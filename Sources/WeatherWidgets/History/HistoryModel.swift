#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkUI
import Sensors
import WeatherInfoKit

/// The history widget's content at one moment, written out in the panel's language and units.
struct HistoryModel: Sendable, Hashable {
    /// One sensor's story: its row, its last 24 hours, today's extremes and its week.
    struct Sensor: Sendable, Hashable {
        /// The sensor's row, alone in a list as the list view takes it (built once, not per frame).
        var rows: [SensorRow]
        var row: SensorRow { rows[0] }
        /// Half-hour means over the last 24 hours in the display's units, `nil` where nothing was measured.
        var temperatures: [Double?]
        var humidities: [Double?]
        /// The chart's extremes as labels: "23°", "14°".
        var chartHigh: String
        var chartLow: String
        /// "↑14° 15:30  ↓6° 05:00": today's so far, `nil` before today's first reading.
        var todayHighLow: String?
        /// "↑14° ↓6°": the same without the times, for narrow regions.
        var compactTodayHighLow: String?
        /// The last seven local days' highs and lows, oldest first.
        var week: Week?
    }

    /// A day's column under the week's bars.
    struct Day: Sendable, Hashable {
        /// "Mo", "Di", … "Heute".
        var label: String
        /// "18° 8°"; empty for a day without readings.
        var range: String
    }

    /// Daily highs and lows as bars: black for a day measured throughout, grey for one the sensor
    /// covered only in part (its high and low may not be the day's).
    struct Week: Sendable, Hashable {
        var highs: [Double?]
        var partlyCoveredHighs: [Double?]
        var lows: [Double?]
        /// Under each bar, oldest first.
        var days: [Day]
        var minimum: Double
        var maximum: Double
    }

    var title: String
    /// "Last 24 h": what the charts span, beside the title; "24 h" where that does not fit.
    var chartTitle: String
    var compactChartTitle: String
    var sensors: [Sensor]
    /// "Rain today 1.2 mm · 7 days 8.4 mm", from the first sensor with a rain gauge; "(incomplete)"
    /// follows when the gauge was silent for part of the week.
    var rain: String?
    /// "Rain today 1.2 mm" alone.
    var compactRain: String?
    /// "Gusts 12 m/s · 14:05": today's strongest, from the first sensor that measures gusts.
    var gust: String?
    /// "Gusts 12 m/s" alone.
    var compactGust: String?
    /// Why there is nothing to show.
    var message: String?
}

extension HistoryModel {
    /// The model at `now` from what was read of each sensor (outdoor first).
    init(_ data: [SensorHistoryData]?, display: DisplaySettings, at now: Date) {
        let format = PanelFormatter(display: display)
        let locale = format.locale
        let zone = display.timeZone
        title = locale.historyTitle
        chartTitle = locale.last24Hours
        compactChartTitle = locale.fill(locale.hours, "24")
        sensors = (data ?? []).map { Sensor($0, format: format, timeZone: zone, at: now) }
        message = data == nil ? locale.noSensorsConfigured : sensors.isEmpty ? locale.noSensorReadings : nil
        let rainTotals = data?.lazy.compactMap(\.rain).first { $0.today != nil }
        compactRain = rainTotals?.today.map { locale.fill(locale.rainToday, format.amount(millimetres: $0)) }
        rain = compactRain.map { today in
            guard let totals = rainTotals, let week = totals.lastSevenDays else { return today }
            let text = today + " · " + locale.fill(locale.rainLastSevenDays, format.amount(millimetres: week))
            return totals.isPartlyCovered ? text + " (\(locale.incomplete))" : text
        }
        let strongestGust = data?.lazy.compactMap(\.gust).first
        compactGust = strongestGust.map { locale.title(locale.fill(locale.gusts, format.speed(metresPerSecond: $0.value))) }
        gust = strongestGust.flatMap { gust in compactGust.map { $0 + " · " + format.time(gust.time, in: zone) } }
    }
}

extension HistoryModel.Sensor {
    init(_ data: SensorHistoryData, format: PanelFormatter, timeZone: TimeZoneRules, at now: Date) {
        rows = [SensorRow(data.snapshot, format: format, at: now)]
        let celsius = data.temperature.map { HistoryChart.values(of: $0, at: now) } ?? []
        temperatures = celsius.map { $0.map { PhysicalValue.temperature(celsius: $0, in: format.units) } }
        humidities = data.humidity.map { HistoryChart.values(of: $0, at: now) } ?? []
        let measured = celsius.compactMap { $0 }
        chartHigh = format.temperature(celsius: measured.max())
        chartLow = format.temperature(celsius: measured.min())
        let today = data.days.last.flatMap { $0.start <= now && now < $0.end ? $0 : nil }
        todayHighLow = today.map { day in
            "↑\(format.temperature(celsius: day.high.value)) \(format.time(day.high.time, in: timeZone))  "
                + "↓\(format.temperature(celsius: day.low.value)) \(format.time(day.low.time, in: timeZone))"
                + (day.isPartlyCovered ? " (\(format.locale.incomplete))" : "")
        }
        compactTodayHighLow = today.map { day in
            "↑\(format.temperature(celsius: day.high.value)) ↓\(format.temperature(celsius: day.low.value))"
        }
        week = HistoryModel.Week(data.days, format: format, timeZone: timeZone, at: now)
    }
}

extension HistoryModel.Week {
    /// The last seven local days up to today, a bar for each day that has readings; `nil` with fewer
    /// than two such days.
    init?(_ days: [DailySummary], format: PanelFormatter, timeZone: TimeZoneRules, at now: Date) {
        let today = timeZone.localDay(at: now)
        let byDay = Dictionary(days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        guard byDay.count >= 2 else { return nil }
        let span = (today - 6)...today
        let allHighs = span.map { byDay[$0].map { PhysicalValue.temperature(celsius: $0.high.value, in: format.units) } }
        let partly = span.map { byDay[$0]?.isPartlyCovered == true }
        highs = zip(allHighs, partly).map { $1 ? nil : $0 }
        partlyCoveredHighs = zip(allHighs, partly).map { $1 ? $0 : nil }
        lows = span.map { byDay[$0].map { PhysicalValue.temperature(celsius: $0.low.value, in: format.units) } }
        let todayDate = LocalDate(containing: now, utcOffsetSeconds: timeZone.secondsFromUTC(at: now))
        self.days = span.map { day in
            let noon = timeZone.start(ofLocalDay: day) + 12 * 3600
            return HistoryModel.Day(
                label: format.locale.dayHeading(LocalDate(containing: noon, utcOffsetSeconds: timeZone.secondsFromUTC(at: noon)), today: todayDate),
                range: byDay[day].map { "\(format.temperature(celsius: $0.high.value)) \(format.temperature(celsius: $0.low.value))" } ?? "")
        }
        let values = (allHighs + lows).compactMap { $0 }
        // Room below the lowest low, so its bar shows.
        minimum = (values.min() ?? 0) - 2
        maximum = values.max() ?? 1
    }
}
