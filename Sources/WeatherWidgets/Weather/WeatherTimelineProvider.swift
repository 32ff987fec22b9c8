#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InkWidgets
import Sensors
import WeatherInfoKit

/// Feeds the weather widget: the report for the shared (or configured) city, merged with the outdoor
/// sensor, as entries at now and at every moment the panel's content changes without a fetch (the next
/// forecast step, local midnight, an alert starting or ending, a sensor value going stale, the data's
/// age passing another hour). Where the layout asks for the station's history, the extra large chart
/// begins with the outdoor sensor's last 24 hours, and entries follow its half-hour slots.
struct WeatherTimelineProvider: TimelineProvider {
    let data: WidgetDataContext

    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(date: data.now(), model: .placeholder, layout: WeatherLayout(family: context.family, size: context.displaySize))
    }

    func snapshot(in context: Context) async -> WeatherEntry {
        let now = data.now()
        let report = await data.weather.cachedWeather(for: data.location)
        let snapshots = await data.sensors?.shownSnapshots() ?? []
        let past = await stationHistory(of: snapshots, in: context, at: now)
        return await entry(for: report, sensors: snapshots, past: past, context: context, display: data.effectiveDisplay, at: now)
    }

    func timeline(in context: Context) async -> Timeline<WeatherEntry> {
        let location = data.location
        let report = await data.weatherReport(for: location, in: context)
        let now = data.now()
        let snapshots = await data.sensors?.shownSnapshots() ?? []
        let display = data.effectiveDisplay
        let past = await stationHistory(of: snapshots, in: context, at: now)
        var dates = await entryDates(for: report, from: now)
        if past != nil {
            let slots = (0..<12).map { HistoryChart.end(at: now) + Double($0) * HistoryChart.slotWidth }
            dates = [now] + Set(dates.dropFirst() + slots.filter { $0 > now }).sorted()
        }
        var entries: [WeatherEntry] = []
        for date in dates {
            entries.append(await entry(for: report, sensors: snapshots, past: past, context: context, display: display, at: date))
        }
        return Timeline(entries: entries, policy: .after(await data.weather.nextRefreshDate(for: location)))
    }

    /// Now, then the moments within a day at which the content changes by itself.
    func entryDates(for report: WeatherReport, from now: Date) async -> [Date] {
        let horizon = now + 86_400
        var dates: [Date] = []
        if let forecast = report.forecast?.value {
            dates += forecast.slots.map(\.time)
            dates.append(forecast.nextLocalMidnight(after: now))
            dates += forecast.alerts.flatMap { [$0.start, $0.end] }
        }
        if let fetchedAt = report.fetchedAt {
            dates += (1...6).map { fetchedAt + WeatherPanelModel.staleAfter * Double($0) }
        }
        if let until = await data.merged(report, at: now).sensorValuesCurrentUntil {
            // A value is current up to and including `until`; the second after, the provider's shows.
            dates.append(until + 1)
        }
        return [now] + Set(dates.filter { $0 > now && $0 <= horizon }).sorted()
    }

    /// The outdoor sensor's temperatures over the last day, when the layout asks for them on an extra
    /// large chart and the store can tell; `nil` otherwise.
    private func stationHistory(of snapshots: [SensorSnapshot], in context: Context, at now: Date) async -> HistorySeries? {
        guard context.family == .extraLarge, context.parameters.flag(WeatherPanelModel.stationHistoryParameter),
            let store = data.sensors,
            let outdoor = snapshots.first(where: { $0.role == .outdoor && $0.values[.temperature] != nil })
        else { return nil }
        return try? await store.series(
            of: outdoor.sensor, field: .temperature, from: now - HistoryChart.span - HistoryChart.slotWidth, to: now)
    }

    func entry(
        for report: WeatherReport, sensors: [SensorSnapshot], past: HistorySeries?, context: Context,
        display: DisplaySettings, at date: Date
    ) async -> WeatherEntry {
        let merged = await data.merged(report, at: date)
        var model = WeatherPanelModel(report: report, merged: merged, sensors: sensors, display: display, at: date)
        if let past { model.addStationHistory(past, display: display, at: date) }
        let layout = WeatherLayout(family: context.family, size: context.displaySize, showsAlert: model.alert != nil)
        return WeatherEntry(date: date, model: model, layout: layout)
    }
}
