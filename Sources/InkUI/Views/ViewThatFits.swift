/// The first of its views that fits the space offered, as SwiftUI's `ViewThatFits`: each candidate, in
/// order, is measured at its ideal size along `axes` (the offer along the other axis); the first within
/// the offer is shown, the last when none fits. For a wide and a narrow form of the same content, so a
/// longer word in another language picks the narrow form instead of being cut.
public struct ViewThatFits<Content: View>: View {
    let axes: Axis.Set
    let content: Content

    /// The first view of `content` that fits along `axes`.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let first = context.lowerList(content, stackAxis: nil)
        context.tree.append(.firstFitting(axes), firstChild: first)
    }
}

extension RenderTree {
    /// The candidate of a `ViewThatFits` node shown for an offer: the first whose ideal size along the
    /// node's axes fits the offer, else the last; `-1` without candidates.
    func fittingChild(of node: Int32, axes: Axis.Set, _ offer: ProposedSize) -> Int32 {
        // Unconstrained along the axes; across them, the offer, except that a candidate measured at no
        // width at all has a width that cannot depend on its height: then one ideal size serves every
        // offer a stack probes with (a size-cache hit instead of a subtree measured again).
        let measuring = ProposedSize(
            width: axes.contains(.horizontal) ? nil : offer.width,
            height: axes.contains(.vertical) || axes.contains(.horizontal) ? nil : offer.height)
        var last: Int32 = -1
        for child in children(of: node) {
            last = child
            let ideal = size(child, measuring)
            let fitsAcross = !axes.contains(.horizontal) || ideal.width <= offer.width ?? ProposedSize.unbounded
            let fitsDown = !axes.contains(.vertical) || ideal.height <= offer.height ?? ProposedSize.unbounded
            if fitsAcross, fitsDown { return child }
        }
        return last
    }
}
