#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sensors

/// The extra large chart's past half: what the outdoor sensor measured over the last 24 hours, before
/// the forecast's next 24, with "now" between them (the layout's `station_history: true`).
extension WeatherPanelModel {
    /// The layout's key that asks for the outdoor sensor's last 24 hours beside the forecast.
    static let stationHistoryParameter = "station_history"

    /// Puts the outdoor sensor's last 24 hours (`series`, in °C) before the forecast's: the chart's
    /// extremes and title then cover both. A series without a reading in the last day changes nothing.
    mutating func addStationHistory(_ series: HistorySeries, display: DisplaySettings, at now: Date) {
        let past = HistoryChart.values(of: series, at: now).map { value in
            value.flatMap { PhysicalValue.isPlausible(celsius: $0) ? PhysicalValue.temperature(celsius: $0, in: display.units) : nil }
        }
        guard past.contains(where: { $0 != nil }) else { return }
        pastChart = past
        let locale = display.language.locale
        let finite = (past + chart).compactMap { $0 }
        guard let low = finite.min(), let high = finite.max() else { return }
        chartRange = low...high
        chartLow = "\(locale.integer(PanelFormatter.rounded(low)))°"
        chartHigh = "\(locale.integer(PanelFormatter.rounded(high)))°"
        chartTitle = "\(locale.last24Hours) · \(locale.next24Hours)"
        nowLabel = locale.justNow
    }
}
