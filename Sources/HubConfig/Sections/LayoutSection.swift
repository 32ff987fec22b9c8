import InkUI
import InkWidgets
import Yams

/// `layout:` — the widgets on the panel, each with a kind, a family, an optional id and a region.
///
/// ```yaml
/// layout:
///   - kind: weather
///     family: large
///     region: { x: 0, y: 0, width: 528, height: 480 }
///   - kind: sensors
///     family: small
///     region: { x: 528, y: 0, width: 272, height: 480 }
/// ```
/// A widget's own settings (`WidgetDescription.parameters`, such as the history widget's `sensors:`)
/// sit beside its kind. A single widget without a region fills the panel. A networked display's `layout:` has the same
/// grammar; its widget ids are prefixed with the display's (`kitchen.weather`) so every id in the hub is
/// its own.
enum LayoutSection {
    static func read(_ root: ConfigMapping, panelSize: PixelSize, catalog: [WidgetDescription], idPrefix: String = "") -> WidgetLayout {
        let key = "layout"
        let path = root.keyPath(key)
        let nodes: [Node] = root.contains(key) ? root.list(key) : []
        var placements: [WidgetPlacement] = []
        for (index, node) in nodes.enumerated() {
            let item = ConfigMapping(path: "\(path)[\(index + 1)]", node: node, diagnostics: root.diagnostics)
            let kind = item.string("kind", default: "")
            if kind.isEmpty { root.diagnostics.report(item.keyPath("kind"), at: node, "every widget needs a `kind`", suggestion: "e.g. `kind: weather`") }
            let family = item.choice("family", default: WidgetFamily.large)
            let id = item.optionalString("id") ?? "\(kind)-\(family)-\(index + 1)"
            let region = item.contains("region") ? readRegion(item.section("region")) : nil
            if region == nil, nodes.count > 1 {
                root.diagnostics.report(item.keyPath("region"), at: node, "with several widgets each needs a `region`",
                                        suggestion: "e.g. `region: { x: 0, y: 0, width: \(panelSize.width / 2), height: \(panelSize.height) }`")
            }
            let declared = catalog.first { $0.kind == kind }?.parameters ?? []
            let parameters = readParameters(declared, from: item)
            item.finish()
            placements.append(WidgetPlacement(
                kind: kind, family: family, id: WidgetID(idPrefix + id),
                region: region ?? PixelRect(origin: .zero, size: panelSize), parameters: parameters))
        }
        if !root.contains(key) { placements = defaultPlacements(panelSize: panelSize, idPrefix: idPrefix) }
        let layout = WidgetLayout(panelSize: panelSize, placements: placements)
        for problem in layout.problems(with: catalog) {
            let node = problem.index < nodes.count ? nodes[problem.index] : root.node
            root.diagnostics.report("\(path)[\(problem.index + 1)]", at: node, problem.message, suggestion: problem.suggestion)
        }
        return layout
    }

    /// The values of the parameters the widget declares; any other key is reported as unknown.
    private static func readParameters(_ declared: [WidgetParameter], from item: ConfigMapping) -> WidgetParameters {
        var parameters = WidgetParameters()
        for parameter in declared where item.contains(parameter.name) {
            switch parameter.kind {
            case .flag:
                parameters.values[parameter.name] = .flag(item.bool(parameter.name, default: false))
            case .names:
                parameters.values[parameter.name] = .names(item.list(parameter.name).enumerated().compactMap { index, node in
                    guard let name = node.string, !ConfigMapping.isEmpty(name) else {
                        item.diagnostics.report("\(item.keyPath(parameter.name))[\(index + 1)]", at: node, "expected a name",
                                                suggestion: "write one name per `- ` line, as `weatherctl sensors` shows them")
                        return nil
                    }
                    return name
                })
            }
        }
        return parameters
    }

    private static func readRegion(_ section: ConfigMapping) -> PixelRect {
        let rect = PixelRect(
            x: section.int("x", default: 0, in: 0...10_000), y: section.int("y", default: 0, in: 0...10_000),
            width: section.int("width", default: 0, in: 1...10_000), height: section.int("height", default: 0, in: 1...10_000))
        section.finish()
        return rect
    }

    /// With `panel: none`: no widget; a `layout:` would have nowhere to go.
    static func none(_ root: ConfigMapping, panelSize: PixelSize) -> WidgetLayout {
        if root.contains("layout") {
            root.diagnostics.report("layout", at: root.node("layout"), "places widgets on the wired panel, and `panel: none` has none",
                                    suggestion: "move them under a display's `layout:` in `displays:`")
        }
        return WidgetLayout(panelSize: panelSize, placements: [])
    }

    /// Without a `layout:` key: one weather widget in the family that suits the panel.
    static func defaultPlacements(panelSize: PixelSize, idPrefix: String = "") -> [WidgetPlacement] {
        let area = panelSize.width * panelSize.height
        let family: WidgetFamily = area >= 300_000 ? .extraLarge : area >= 100_000 ? .large : .medium
        return [WidgetPlacement(kind: "weather", family: family, id: WidgetID(idPrefix + "weather"), region: PixelRect(origin: .zero, size: panelSize))]
    }
}
