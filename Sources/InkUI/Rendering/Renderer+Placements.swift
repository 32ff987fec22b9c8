/// A text or icon as the renderer drew it, for tests that check that nothing overflows, collides or is
/// too small to read: see ``Renderer/recordsPlacements``.
public struct PlacedElement: Sendable, Hashable, CustomStringConvertible {
    /// What was drawn.
    public enum Content: Sendable, Hashable {
        case text(String)
        case icon(Symbol)
    }

    public var content: Content
    /// The pixels its ink covers (every glyph's bitmap, or the icon's square), in frame coordinates,
    /// before clipping; `nil` for a text without visible glyphs.
    public var inkBounds: PixelRect?
    /// The part of the frame the element could be seen in: the render rectangle cut by every clipping
    /// ancestor.
    public var visibleArea: PixelRect
    /// The height of "H" in the text's font, in pixels; 0 for icons.
    public var capHeight: Int
    /// Whether the text was cut short (ended with an ellipsis).
    public var isTruncated: Bool

    /// Whether the element's ink lies wholly where it can be seen.
    public var isWhollyVisible: Bool {
        inkBounds.map { visibleArea.contains($0) } ?? true
    }

    public var description: String {
        let what =
            switch content {
            case .text(let string): "\"\(string)\""
            case .icon(let symbol): "icon \(symbol)"
            }
        return "\(what) at \(inkBounds.map(\.description) ?? "nowhere")"
    }
}

/// A text's string and cap height, kept while placements are recorded.
struct InspectedText {
    var string: String
    var capHeight: Int
}

extension Renderer {
    /// Whether `render` records ``placedElements``; off by default (it costs an allocation per text).
    public var recordsPlacements: Bool {
        get { tree.inspectedTexts != nil }
        set { tree.inspectedTexts = newValue ? [] : nil }
    }

    /// The texts and icons the last `render` drew, in drawing order, when ``recordsPlacements`` is on.
    public var placedElements: [PlacedElement] {
        guard let texts = tree.inspectedTexts, let (root, clip) = lastPlacement else { return [] }
        var elements: [PlacedElement] = []
        collect(root, visibleArea: clip, texts: texts, into: &elements)
        return elements
    }

    private func collect(_ node: Int32, visibleArea: PixelRect, texts: [InspectedText], into elements: inout [PlacedElement]) {
        let frame = tree.nodes[node].frame
        switch tree.nodes[node].kind {
        case .text(let text):
            guard text.inspectionIndex >= 0, !text.redacted else { return }
            var ink: PixelRect?
            var truncated = false
            forEachLine(of: text, in: frame, offer: tree.nodes[node].placedProposal) { line, pen, top in
                truncated = truncated || line.truncated
                forEachGlyph(of: line, in: text, pen: pen, baseline: top + text.ascent) { entry, x, baseline in
                    guard entry.width > 0, entry.height > 0 else { return }
                    let glyph = PixelRect(x: x + entry.left, y: baseline - entry.top, width: entry.width, height: entry.height)
                    ink = ink.map { $0.union(glyph) } ?? glyph
                }
            }
            let inspected = texts[Int(text.inspectionIndex)]
            elements.append(PlacedElement(
                content: .text(inspected.string), inkBounds: ink, visibleArea: visibleArea, capHeight: inspected.capHeight,
                isTruncated: truncated))
        case .icon(let icon):
            guard !icon.redacted, icon.size > 0 else { return }
            elements.append(PlacedElement(
                content: .icon(icon.symbol), inkBounds: PixelRect(origin: frame.origin, size: PixelSize(width: icon.size, height: icon.size)),
                visibleArea: visibleArea, capHeight: 0, isTruncated: false))
        case .hidden:
            return
        case .clipped:
            let clipped = visibleArea.intersection(frame) ?? PixelRect(x: frame.minX, y: frame.minY, width: 0, height: 0)
            for child in tree.children(of: node) { collect(child, visibleArea: clipped, texts: texts, into: &elements) }
        case .firstFitting(let axes):
            let shown = tree.fittingChild(of: node, axes: axes, tree.nodes[node].placedProposal)
            if shown >= 0 { collect(shown, visibleArea: visibleArea, texts: texts, into: &elements) }
        default:
            for child in tree.children(of: node) { collect(child, visibleArea: visibleArea, texts: texts, into: &elements) }
        }
    }
}
