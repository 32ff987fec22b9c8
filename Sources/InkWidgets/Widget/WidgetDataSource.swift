/// Outside data a widget's timeline is built from. A widget declares what it reads, so the host reloads
/// exactly the widgets a change concerns (in WidgetKit the app knows this and calls
/// `reloadTimelines(ofKind:)` itself).
public struct WidgetDataSource: Sendable, Hashable, CustomStringConvertible {
    /// A short name for logs, e.g. `sensors`.
    public let name: String

    /// A data source named `name`; define each once as a static constant where its data lives.
    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}
