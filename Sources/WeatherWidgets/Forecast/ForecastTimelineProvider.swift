#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InkUI
import InkWidgets
import SharedDefaultsKit
import WeatherInfoKit

/// Feeds the forecast widget: the day the shared `.selectedForecastDay` key selects (0 = today), with
/// an entry at the location's next midnight, when "today" moves on.
struct ForecastTimelineProvider: TimelineProvider {
    let data: WidgetDataContext

    func placeholder(in context: Context) -> ForecastEntry {
        entry(.placeholder, daysFromNow: 1, context: context, at: data.now())
    }

    func snapshot(in context: Context) async -> ForecastEntry {
        let report = await data.weather.cachedWeather(for: data.location)
        return entry(for: report, context: context, at: data.now())
    }

    func timeline(in context: Context) async -> Timeline<ForecastEntry> {
        let location = data.location
        let report = await data.weatherReport(for: location, in: context)
        let now = data.now()
        var entries = [entry(for: report, context: context, at: now)]
        if let forecast = report.forecast?.value {
            entries.append(entry(for: report, context: context, at: forecast.nextLocalMidnight(after: now)))
        }
        return Timeline(entries: entries, policy: .after(await data.weather.nextRefreshDate(for: location)))
    }

    private func entry(for report: WeatherReport, context: Context, at date: Date) -> ForecastEntry {
        let daysFromNow = data.defaults.value(for: .selectedForecastDay)
        let model = ForecastDayModel(report: report, daysFromNow: daysFromNow, display: data.effectiveDisplay, at: date)
        return entry(model, daysFromNow: daysFromNow, context: context, at: date)
    }

    private func entry(_ model: ForecastDayModel, daysFromNow: Int, context: Context, at date: Date) -> ForecastEntry {
        let size = context.displaySize
        let portrait = size.height > size.width
        let withHours = context.family != .small
        let natural: (width: Double, height: Double) =
            portrait ? (128, withHours ? 300 : 200) : (withHours ? 296 : 250, withHours ? 235 : 145)
        var scale = PanelScale.fitting(natural, in: size)
        var showsHours = withHours
        if scale < PanelScale.minimumReadable, withHours {
            showsHours = false
            scale = PanelScale.fitting(portrait ? (128, 200) : (250, 145), in: size)
        }
        // Beyond three times its design the day's figures would outgrow a tall region's width.
        return ForecastEntry(
            date: date, daysFromNow: daysFromNow, model: model, metrics: PanelScale(scale: min(scale, 3), isPortrait: portrait),
            showsHours: showsHours)
    }
}
