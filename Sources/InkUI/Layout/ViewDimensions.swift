/// A view's size and its alignment guides, handed to `alignmentGuide` closures and to
/// `AlignmentID.defaultValue(in:)`; valid only inside the call it is handed to (as in SwiftUI).
public struct ViewDimensions {
    /// The view's width in pixels.
    public let width: Int
    /// The view's height in pixels.
    public let height: Int
    let resolver: GuideResolver?

    init(width: Int, height: Int, resolver: GuideResolver?) {
        self.width = width
        self.height = height
        self.resolver = resolver
    }

    /// Where a horizontal guide lies, counting explicit guides set inside the view.
    public subscript(guide: HorizontalAlignment) -> Int {
        resolver?.explicitValue(of: GuideKey(axis: .horizontal, id: guide.id)) ?? guide.id.defaultValue(in: self)
    }

    /// Where a vertical guide lies, counting explicit guides and text baselines inside the view.
    public subscript(guide: VerticalAlignment) -> Int {
        resolver?.explicitValue(of: GuideKey(axis: .vertical, id: guide.id)) ?? guide.id.defaultValue(in: self)
    }

    /// The explicit value of a horizontal guide set inside the view, if any.
    public subscript(explicit guide: HorizontalAlignment) -> Int? {
        resolver?.explicitValue(of: GuideKey(axis: .horizontal, id: guide.id))
    }

    /// The explicit value of a vertical guide (or a text baseline) inside the view, if any.
    public subscript(explicit guide: VerticalAlignment) -> Int? {
        resolver?.explicitValue(of: GuideKey(axis: .vertical, id: guide.id))
    }
}

/// Which guide on which axis.
struct GuideKey {
    let axis: LayoutAxis
    let id: any AlignmentID.Type

    func matches(_ other: GuideKey) -> Bool {
        axis == other.axis && ObjectIdentifier(id) == ObjectIdentifier(other.id)
    }
}

/// Answers guide questions about one laid-out node for `ViewDimensions`. It lives no longer than the
/// layout call that made it, so it does not retain the tree (a retain and release per stack child
/// and guide otherwise).
struct GuideResolver {
    unowned(unsafe) let tree: RenderTree
    let node: Int32
    let proposal: ProposedSize

    func explicitValue(of key: GuideKey) -> Int? {
        tree.explicitGuide(node, proposal, key)
    }
}
