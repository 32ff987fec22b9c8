public import InkUI

/// One widget instance on the panel: which kind, in which family, where.
public struct WidgetPlacement: Sendable, Hashable, Codable {
    public var kind: String
    public var family: WidgetFamily
    /// Stable across restarts: the configured id, or kind-family-index.
    public var id: WidgetID
    /// The pixels the widget owns on the panel.
    public var region: PixelRect
    /// What the layout sets for this instance (see `WidgetDescription.parameters`).
    public var parameters: WidgetParameters

    public init(kind: String, family: WidgetFamily, id: WidgetID, region: PixelRect, parameters: WidgetParameters = WidgetParameters()) {
        self.kind = kind
        self.family = family
        self.id = id
        self.region = region
        self.parameters = parameters
    }
}

/// What `WidgetCenter` reports about a placed widget (WidgetKit's `WidgetInfo`).
public typealias WidgetInfo = WidgetPlacement
