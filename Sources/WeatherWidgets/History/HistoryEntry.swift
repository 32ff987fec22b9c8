#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkWidgets
import InkUI

/// One moment of the history widget: what the sensors measured, written out, and how much of it fits.
public struct HistoryEntry: TimelineEntry {
    public let date: Date
    let model: HistoryModel
    let metrics: PanelScale
    /// What fits the region, decided from its height.
    let layout: HistoryLayout
    /// The sensors drawn with their charts, and the rows of those drawn without, picked once per entry
    /// so that drawing allocates nothing.
    let charted: [HistoryModel.Sensor]
    let listedRows: [SensorRow]

    init(date: Date, model: HistoryModel, metrics: PanelScale, layout: HistoryLayout) {
        self.date = date
        self.model = model
        self.metrics = metrics
        self.layout = layout
        charted = Array(model.sensors.prefix(layout.chartedSensors))
        listedRows = model.sensors.dropFirst(layout.chartedSensors).prefix(layout.listedSensors).map(\.row)
    }
}

/// Which parts of the history widget a region has room for, most wanted first: the first sensor's chart,
/// rain, gusts, the week's bars (large and extra large, where seven columns fit), the second sensor's
/// chart (else its row).
struct HistoryLayout: Sendable, Hashable {
    var chartedSensors = 0
    var listedSensors = 0
    var showsRain = false
    var showsGust = false
    var showsWeek = false
    var showsHumidity = false
    var chartHeight = 0

    init(model: HistoryModel, family: WidgetFamily, size: PixelSize, metrics: PanelScale) {
        let full = metrics.length(family == .extraLarge && size.height >= 300 ? 80 : 40)
        self.init(model: model, family: family, size: size, metrics: metrics, fullChartHeight: full)
        // Where the second sensor's chart misses by a little, both charts give up a quarter of their height.
        if listedSensors == 1, family == .extraLarge || family == .large {
            let lower = HistoryLayout(model: model, family: family, size: size, metrics: metrics, fullChartHeight: full * 3 / 4)
            if lower.chartedSensors == 2 { self = lower }
        }
    }

    private init(model: HistoryModel, family: WidgetFamily, size: PixelSize, metrics: PanelScale, fullChartHeight: Int) {
        // Heights of the parts at this scale; text keeps its minimum size however small the scale.
        var room = size.height - 2 * metrics.padding - metrics.length(30, minimum: 26)
        func take(_ needed: Int) -> Bool {
            guard needed <= room else { return false }
            room -= needed + metrics.spacing
            return true
        }
        let row = metrics.length(22, minimum: 19)
        // Rain and gusts wrap onto a second line on narrow regions.
        let line = metrics.length(metrics.isPortrait ? 36 : 18, minimum: 16)
        let caption = metrics.length(20, minimum: 17)
        // The chart takes what the first sensor's row and caption leave, up to its full height.
        chartHeight = min(fullChartHeight, room - row - caption - metrics.spacing)
        let chartedSensor = row + chartHeight + caption
        if !model.sensors.isEmpty, chartHeight >= metrics.length(20), take(chartedSensor) { chartedSensors = 1 }
        showsRain = model.rain != nil && take(line)
        showsGust = model.gust != nil && take(line)
        // The larger families are about the week: its bars come before the second sensor's chart.
        // Seven columns, each wide enough for "Today" and "18° 8°".
        let weekFits = size.width - 2 * metrics.padding >= 7 * metrics.length(48, minimum: 40)
        showsWeek = (family == .large || family == .extraLarge) && weekFits && model.sensors.first?.week != nil
            && take(metrics.length(64))
        if model.sensors.count > 1, family != .small {
            if take(chartedSensor) { chartedSensors = 2 } else if take(row) { listedSensors = 1 }
        }
        // The second quantity beside the temperature where a chart's half is still wide: extra large, and
        // large on a wide region.
        showsHumidity = !metrics.isPortrait && (family == .extraLarge || (family == .large && size.width >= 600))
    }
}
