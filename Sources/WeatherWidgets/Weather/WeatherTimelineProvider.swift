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
/// age passing another hour).
struct WeatherTimelineProvider: TimelineProvider {
    let data: WidgetDataContext

    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(date: data.now(), model: .placeholder, layout: WeatherLayout(family: context.family, size: context.displaySize))
    }

    func snapshot(in context: Context) async -> WeatherEntry {
        let now = data.now()
        let report = await data.weather.cachedWeather(for: data.location)
        let snapshots = await data.sensors?.shownSnapshots() ?? []
        return await entry(for: report, sensors: snapshots, context: context, display: data.effectiveDisplay, at: now)
    }

    func timeline(in context: Context) async -> Timeline<WeatherEntry> {
        let location = data.location
        let report = await data.weatherReport(for: location, in: context)
        let now = data.now()
        let snapshots = await data.sensors?.shownSnapshots() ?? []
        let display = data.effectiveDisplay
        var entries: [WeatherEntry] = []
        for date in await entryDates(for: report, from: now) {
            entries.append(await entry(for: report, sensors: snapshots, context: context, display: display, at: date))
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

    func entry(
        for report: WeatherReport, sensors: [SensorSnapshot], context: Context, display: DisplaySettings, at date: Date
    ) async -> WeatherEntry {
        let merged = await data.merged(report, at: date)
        let model = WeatherPanelModel(report: report, merged: merged, sensors: sensors, display: display, at: date)
        let layout = WeatherLayout(family: context.family, size: context.displaySize, showsAlert: model.alert != nil)
        return WeatherEntry(date: date, model: model, layout: layout)
    }
}
