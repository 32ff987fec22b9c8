#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkUI
public import InkWidgets
public import Sensors
public import WeatherInfoKit

extension WidgetPreview {
    /// The weather widget's view of one report and the local sensors' snapshots at `date`, with the
    /// provider's current values (the outdoor sensor is listed, not merged): for benchmarks and tools
    /// that draw a known entry again and again into a reused frame.
    public static func weatherView(
        for report: WeatherReport, sensors: [SensorSnapshot] = [], family: WidgetFamily, size: PixelSize,
        display: DisplaySettings = DisplaySettings(), at date: Date
    ) -> some View {
        let merged = WeatherMerge.merge(report: report, outdoor: nil, trend: nil, now: date)
        let model = WeatherPanelModel(report: report, merged: merged, sensors: sensors, display: display, at: date)
        let layout = WeatherLayout(family: family, size: size, showsAlert: model.alert != nil)
        return WeatherView(entry: WeatherEntry(date: date, model: model, layout: layout))
    }
}
