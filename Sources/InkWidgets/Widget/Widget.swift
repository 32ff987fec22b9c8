/// A widget the service can place on the panel, as in WidgetKit: its `body` says which provider feeds it
/// and how an entry looks.
///
/// ```swift
/// struct QuoteWidget: Widget {
///     let store: SharedDefaults
///     var body: some WidgetConfiguration {
///         StaticConfiguration(kind: "quote", provider: QuoteProvider(store: store)) { entry in
///             QuoteView(entry: entry)
///         }
///         .configurationDisplayName("Daily quote")
///         .supportedFamilies([.small, .medium])
///     }
/// }
/// ```
public protocol Widget: Sendable {
    associatedtype Body: WidgetConfiguration
    var body: Body { get }
}

/// Everything the service hosts, in the order widgets are offered (WidgetKit's `WidgetBundle`).
public protocol WidgetBundle: Sendable {
    @WidgetBundleBuilder var body: [any WidgetConfiguration] { get }
}

/// Collects the widgets of a bundle.
@resultBuilder
public enum WidgetBundleBuilder {
    public static func buildExpression<W: Widget>(_ widget: W) -> [any WidgetConfiguration] {
        [widget.body]
    }

    public static func buildBlock(_ widgets: [any WidgetConfiguration]...) -> [any WidgetConfiguration] {
        widgets.flatMap { $0 }
    }

    public static func buildOptional(_ widgets: [any WidgetConfiguration]?) -> [any WidgetConfiguration] {
        widgets ?? []
    }

    public static func buildEither(first widgets: [any WidgetConfiguration]) -> [any WidgetConfiguration] {
        widgets
    }

    public static func buildEither(second widgets: [any WidgetConfiguration]) -> [any WidgetConfiguration] {
        widgets
    }
}
