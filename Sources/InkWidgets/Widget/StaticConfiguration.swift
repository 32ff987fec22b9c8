public import InkUI

/// A widget with a provider and a view for its entries (WidgetKit's `StaticConfiguration`).
public struct StaticConfiguration<Provider: TimelineProvider, Content: View>: WidgetConfiguration {
    public let kind: String
    public private(set) var widgetDescription: WidgetDescription
    public private(set) var dataSources: Set<WidgetDataSource> = []
    let provider: Provider
    let content: @Sendable (Provider.Entry) -> Content

    public init(kind: String, provider: Provider, @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content) {
        self.kind = kind
        self.provider = provider
        self.content = content
        self.widgetDescription = WidgetDescription(
            kind: kind, displayName: kind, description: "", supportedFamilies: WidgetFamily.allCases)
    }

    /// The name shown by `weatherctl widgets`.
    public func configurationDisplayName(_ name: String) -> Self {
        var copy = self
        copy.widgetDescription.displayName = name
        return copy
    }

    /// A sentence about what the widget shows.
    public func description(_ text: String) -> Self {
        var copy = self
        copy.widgetDescription.description = text
        return copy
    }

    /// Takes display name, description and families from a gallery entry written once, such as a widget's
    /// static `gallery` that the service checks layouts against before any data exists.
    public func described(by entry: WidgetDescription) -> Self {
        configurationDisplayName(entry.displayName).description(entry.description).supportedFamilies(entry.supportedFamilies)
            .parameters(entry.parameters)
    }

    /// Declares the outside data the widget's timelines are built from (see `WidgetDataSource`).
    public func reads(_ sources: WidgetDataSource...) -> Self {
        var copy = self
        copy.dataSources.formUnion(sources)
        return copy
    }

    /// The settings a placement may give the widget in the layout.
    public func parameters(_ parameters: [WidgetParameter]) -> Self {
        var copy = self
        copy.widgetDescription.parameters = parameters
        return copy
    }

    /// The families the widget has designs for; the layout may only use these.
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        var copy = self
        copy.widgetDescription.supportedFamilies = families
        return copy
    }

    public func hosted(in placement: WidgetPlacement, capability: ColorCapability, isPreview: Bool) -> HostedWidget {
        let context = TimelineProviderContext(
            family: placement.family, displaySize: placement.region.size, isPreview: isPreview, colorCapability: capability,
            parameters: placement.parameters)
        return HostedWidget(placement: placement, context: context, provider: provider, content: content)
    }
}
