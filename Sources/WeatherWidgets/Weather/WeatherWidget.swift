public import InkWidgets
import InkUI

/// The weather widget (kind `"weather"`): current conditions in every family, the next hours from
/// medium, the five days and a 24-hour chart from large, and the local sensors in extra large.
public struct WeatherWidget: Widget {
    /// The kind the layout and `weatherctl` use.
    public static let kind = "weather"
    let data: WidgetDataContext

    /// The widget reading from `data`.
    public init(data: WidgetDataContext) {
        self.data = data
    }

    /// The gallery entry, known before any data exists (the service checks the layout against it).
    public static let gallery = WidgetDescription(
        kind: kind, displayName: "Weather",
        description: "Current conditions, next hours, five days and a 24-hour chart, merged with the outdoor sensor.",
        supportedFamilies: [.small, .medium, .large, .extraLarge],
        parameters: [WidgetParameter(
            name: WeatherPanelModel.stationHistoryParameter, kind: .flag,
            summary: "Extra large: the outdoor sensor's last 24 hours before the forecast's next 24, in one chart with now marked.")])

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: WeatherTimelineProvider(data: data)) { entry in
            WeatherView(entry: entry)
        }
        .described(by: Self.gallery)
        .reads(.sensorReadings)
    }
}
