#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkWidgets

/// One moment of the weather widget: its content written out and the layout for its region.
public struct WeatherEntry: TimelineEntry {
    public let date: Date
    let model: WeatherPanelModel
    let layout: WeatherLayout
}
