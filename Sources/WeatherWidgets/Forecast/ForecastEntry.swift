#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkWidgets

/// One moment of the forecast widget: the selected day, written out, and its scale.
public struct ForecastEntry: TimelineEntry {
    public let date: Date
    /// The selected day, counted from the location's today.
    public let daysFromNow: Int
    let model: ForecastDayModel
    let metrics: PanelScale
    let showsHours: Bool
}
