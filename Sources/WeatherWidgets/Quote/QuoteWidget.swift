public import InkWidgets
import InkUI

/// The daily quote widget (kind `"quote"`): a widget that is not about weather plugs in the same way.
public struct QuoteWidget: Widget {
    /// The kind the layout and `weatherctl` use.
    public static let kind = "quote"
    let data: WidgetDataContext

    /// The widget reading from `data`.
    public init(data: WidgetDataContext) {
        self.data = data
    }

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: QuoteTimelineProvider(data: data)) { entry in
            QuoteView(entry: entry)
        }
        .configurationDisplayName("Daily quote")
        .description("A new public-domain quote every day at local midnight.")
        .supportedFamilies([.small, .medium, .large])
    }
}
