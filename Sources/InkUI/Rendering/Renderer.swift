/// Turns views into frames. Keep one renderer per isolation domain (it is not `Sendable`), or share one
/// across domains through ``SharedRenderer``, and reuse it:
/// its glyph copies, icon masks and layout buffers carry over, so after the first frame rendering a
/// view of the same shape does not allocate.
///
/// A frame is rendered in three passes over a flat node tree: lowering (each view's `body` once,
/// text shaped), layout (SwiftUI's rules on whole pixels, each node's size remembered per offer) and
/// drawing (spans filled a byte at a time, glyph and icon masks blitted with shifts).
///
/// Inks the frame lacks: grey areas (backgrounds, bars, filled shapes, placeholders) become an ordered
/// dither on one-bit panels, while grey text, icons and lines become black so they stay crisp; red is
/// black without a red plane. On `grayscale4` greys are real greys; red shows only on `blackWhiteRed`.
public final class Renderer {
    /// The fonts text is set in.
    public let fonts: FontLibrary
    let tree: RenderTree
    let icons = IconCache()
    /// The root node and clip of the last render, for ``placedElements``.
    var lastPlacement: (root: Int32, clip: PixelRect)?

    /// A renderer drawing text from a shared font library.
    public init(fonts: FontLibrary) {
        self.fonts = fonts
        self.tree = RenderTree(atlas: GlyphAtlas(library: fonts))
    }

    /// Renders a view into a rectangle of a frame: clears the rectangle to white, offers it to the view
    /// and centres the view in it (as a window does). Drawing is clipped to the rectangle; a rectangle
    /// outside the frame or without area draws nothing.
    public func render<V: View>(
        _ view: V, into frame: inout Frame, in rect: PixelRect, environment: EnvironmentValues = EnvironmentValues()
    ) {
        lastPlacement = nil
        guard let clip = rect.intersection(frame.bounds) else { return }
        frame.fill(clip, with: .white)
        tree.reset()
        var environment = environment
        environment.colorCapability = frame.capability
        var context = _LoweringContext(tree: tree, environment: environment)
        let first = context.lowerList(view, stackAxis: nil)
        guard first >= 0 else { return }
        let root = tree.nodes[first].nextSibling >= 0 ? implicitStack(first) : first
        let offer = ProposedSize(rect.size)
        let size = tree.size(root, offer)
        let origin = PixelPoint(x: rect.minX + (rect.width - size.width) / 2, y: rect.minY + (rect.height - size.height) / 2)
        tree.place(root, at: origin, offer)
        lastPlacement = (root, clip)
        let frameSize = frame.size, capability = frame.capability
        frame.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var canvas = Canvas(base: base, frameSize: frameSize, capability: capability, clip: clip)
            draw(root, on: &canvas)
        }
    }

    /// Renders a view into a new frame of the given size and capability.
    public func render<V: View>(
        _ view: V, size: PixelSize, capability: ColorCapability, environment: EnvironmentValues = EnvironmentValues()
    ) -> Frame {
        var frame = Frame(size: size, capability: capability)
        render(view, into: &frame, in: frame.bounds, environment: environment)
        return frame
    }

    /// Several top-level views stack vertically, as in a SwiftUI window.
    private func implicitStack(_ first: Int32) -> Int32 {
        tree.makeNode(
            .stack(
                StackPayload(
                    axis: .vertical, spacing: defaultStackSpacing,
                    alignment: GuideKey(axis: .horizontal, id: HorizontalCenterAlignmentID.self))),
            firstChild: first)
    }
}
