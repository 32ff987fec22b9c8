public import InkWidgets
import InkUI

/// The forecast widget (kind `"forecast"`): one day in detail, chosen with the shared
/// `.selectedForecastDay` key (`weatherctl open 'weatherwidget://?daysFromNow=2'`, panel keys).
public struct ForecastWidget: Widget {
    /// The kind the layout and `weatherctl` use.
    public static let kind = "forecast"
    let data: WidgetDataContext

    /// The widget reading from `data`.
    public init(data: WidgetDataContext) {
        self.data = data
    }

    /// The gallery entry, known before any data exists (the service checks the layout against it).
    public static let gallery = WidgetDescription(
        kind: kind, displayName: "Forecast",
        description: "One day of the five-day forecast in detail; keys or `weatherctl open` choose the day.",
        supportedFamilies: [.small, .medium, .large])

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: ForecastTimelineProvider(data: data)) { entry in
            ForecastView(entry: entry)
        }
        .described(by: Self.gallery)
    }
}
