public import InkUI
public import InkWidgets

/// Renders one widget into a frame with the same provider and view code the service uses, without a
/// running service or hardware: for `weatherctl preview` and the golden tests.
public enum WidgetPreview {
    /// What to draw.
    public enum Content: String, Sendable, Hashable, CaseIterable {
        /// The provider's snapshot: cached or demo data, never a network call.
        case snapshot
        /// The redacted placeholder shown before any data.
        case placeholder
    }

    /// Draws widget `kind` in `family` on a `size` region of a panel with `capability` inks, with
    /// `renderer` when given (to read its ``Renderer/placedElements`` afterwards) or a new one, with the
    /// `parameters` a layout would give it. Throws when the kind is unknown or does not come in that family, or the size has no area.
    public static func render(
        kind: String, family: WidgetFamily, size: PixelSize, capability: ColorCapability = .monochrome,
        content: Content = .snapshot, parameters: WidgetParameters = WidgetParameters(), data: WidgetDataContext, fonts: FontLibrary,
        renderer: Renderer? = nil
    ) async throws(WidgetPreviewError) -> Frame {
        let widgets = WeatherHubWidgets(data: data).body
        guard let configuration = widgets.configuration(ofKind: kind) else {
            throw WidgetPreviewError(.unknownKind(kind, known: widgets.map(\.kind)))
        }
        let families = configuration.widgetDescription.supportedFamilies
        guard families.contains(family) else {
            throw WidgetPreviewError(.unsupportedFamily(kind: kind, family: family, supported: families))
        }
        guard !size.isEmpty else { throw WidgetPreviewError(.emptySize(size)) }
        let placement = WidgetPlacement(
            kind: kind, family: family, id: WidgetID("\(kind)-preview"), region: PixelRect(origin: .zero, size: size),
            parameters: parameters)
        let hosted = configuration.hosted(in: placement, capability: capability, isPreview: true)
        let renderer = renderer ?? Renderer(fonts: fonts)
        switch content {
        case .snapshot: return await hosted.renderSnapshot(with: renderer)
        case .placeholder: return hosted.renderPlaceholder(with: renderer)
        }
    }
}

extension WidgetPreview {
    /// Draws every widget of `layout` in its region of a `size` frame with `capability` inks, from its
    /// provider's snapshot (cached or demo data): the whole panel as a configuration would show it now,
    /// for a settings page's preview. Kinds the bundle does not have are left blank (the configuration
    /// check refuses them first).
    public static func render(
        layout: WidgetLayout, size: PixelSize, capability: ColorCapability, data: WidgetDataContext, fonts: FontLibrary
    ) async -> Frame {
        let widgets = WeatherHubWidgets(data: data).body
        let renderer = Renderer(fonts: fonts)
        var panel = Frame(size: size, capability: capability)
        for placement in layout.placements {
            guard let configuration = widgets.configuration(ofKind: placement.kind) else { continue }
            let hosted = configuration.hosted(in: placement, capability: capability, isPreview: true)
            panel.draw(await hosted.renderSnapshot(with: renderer), at: placement.region.origin)
        }
        return panel
    }
}
