public import InkUI

/// What a widget's `body` returns: its kind, its description, and how to host it in a region.
public protocol WidgetConfiguration: Sendable {
    /// The kind, unique in the bundle; `weatherctl reload --kind` and the layout use it.
    var kind: String { get }
    /// The gallery entry: name, description, supported families.
    var widgetDescription: WidgetDescription { get }
    /// The outside data the widget's timelines are built from; a change of one reloads the widget.
    var dataSources: Set<WidgetDataSource> { get }
    /// The widget ready to be scheduled in `placement` on a panel with `capability` inks.
    func hosted(in placement: WidgetPlacement, capability: ColorCapability, isPreview: Bool) -> HostedWidget
}

extension Array where Element == any WidgetConfiguration {
    /// The gallery entries of every widget.
    public var descriptions: [WidgetDescription] { map(\.widgetDescription) }

    /// The configuration for a kind.
    public func configuration(ofKind kind: String) -> (any WidgetConfiguration)? {
        first { $0.kind == kind }
    }

    /// The kinds of the widgets that read `source`, to reload when it changes.
    public func kinds(reading source: WidgetDataSource) -> [String] {
        filter { $0.dataSources.contains(source) }.map(\.kind)
    }
}
