#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkWidgets

/// One moment of the sensors widget: the readings written out, or why there are none.
public struct SensorsEntry: TimelineEntry {
    public let date: Date
    /// "Sensors", in the panel's language.
    let title: String
    let timeText: String
    let rows: [SensorRow]
    let message: String?
    let metrics: PanelScale
    let rowCount: Int
    /// "+ 2 more" when not every row fits, else `nil`.
    let moreText: String?
}
