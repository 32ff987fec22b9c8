#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkWidgets

/// One moment of the weather widget: its content written out, the layout for its region, and the
/// details already cut into the rows the layout has room for.
public struct WeatherEntry: TimelineEntry {
    public let date: Date
    let model: WeatherPanelModel
    let layout: WeatherLayout
    /// The details shown, in rows of `layout.detailColumns`.
    let detailRows: [[WeatherPanelModel.Detail]]

    init(date: Date, model: WeatherPanelModel, layout: WeatherLayout) {
        self.date = date
        self.model = model
        self.layout = layout
        let columns = max(1, layout.detailColumns)
        let shown = model.details.prefix(layout.detailRows * columns)
        detailRows = stride(from: 0, to: shown.count, by: columns).map { start in
            Array(shown[start..<min(start + columns, shown.count)])
        }
    }
}
