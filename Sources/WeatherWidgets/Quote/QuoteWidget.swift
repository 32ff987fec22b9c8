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

    /// The gallery entry, known before any data exists (the service checks the layout against it).
    public static let gallery = WidgetDescription(
        kind: kind, displayName: "Daily quote",
        description: "A new public-domain quote every day at local midnight.",
        supportedFamilies: [.small, .medium, .large])

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: QuoteTimelineProvider(data: data)) { entry in
            QuoteView(entry: entry)
        }
        .described(by: Self.gallery)
    }
}
