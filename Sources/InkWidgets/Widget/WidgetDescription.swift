/// What the service offers for one widget kind (the widget gallery entry of iOS).
public struct WidgetDescription: Sendable, Hashable, Codable {
    public var kind: String
    public var displayName: String
    public var description: String
    public var supportedFamilies: [WidgetFamily]
    /// The settings each placement of the widget may give it in the layout.
    public var parameters: [WidgetParameter]

    public init(kind: String, displayName: String, description: String, supportedFamilies: [WidgetFamily], parameters: [WidgetParameter] = []) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.supportedFamilies = supportedFamilies
        self.parameters = parameters
    }
}
