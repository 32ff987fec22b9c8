public import InkWidgets
import InkUI

/// The history widget (kind `"history"`): the home's own weather station over the last day and week.
public struct HistoryWidget: Widget {
    /// The kind the layout and `weatherctl` use.
    public static let kind = "history"
    let data: WidgetDataContext

    /// The widget reading from `data`.
    public init(data: WidgetDataContext) {
        self.data = data
    }

    /// The gallery entry, known before any data exists (the service checks the layout against it).
    public static let gallery = WidgetDescription(
        kind: kind, displayName: "History",
        description: "The outdoor and indoor sensors' last 24 hours, today's high and low, rain, gusts and the week.",
        supportedFamilies: [.small, .medium, .large, .extraLarge],
        parameters: [WidgetParameter(
            name: HistoryTimelineProvider.sensorsParameter, kind: .names,
            summary: "The sensors to show, by name or identity as `weatherctl sensors` lists them, instead of the outdoor and indoor ones.")])

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: HistoryTimelineProvider(data: data)) { entry in
            HistoryView(entry: entry)
        }
        .described(by: Self.gallery)
        .reads(.sensorReadings)
    }
}
