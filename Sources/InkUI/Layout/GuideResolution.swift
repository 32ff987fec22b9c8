/// Alignment guides: explicit values set with `alignmentGuide`, text baselines, and the defaults of
/// each `AlignmentID`. Explicit values pass up through modifiers, frames and stacks (offset by where the
/// child sits), so guides line up views in different stacks as in SwiftUI.
extension RenderTree {
    /// Where a guide lies in a node laid out for an offer, from the node's leading or top edge.
    func alignmentValue(_ node: Int32, _ offer: ProposedSize, _ key: GuideKey) -> Int {
        let value = explicitGuide(node, offer, key) ?? key.id.defaultValue(in: dimensions(node, offer))
        return min(max(value, -ProposedSize.unbounded), ProposedSize.unbounded)
    }

    /// A node's dimensions, able to answer questions about the guides inside it.
    func dimensions(_ node: Int32, _ offer: ProposedSize) -> ViewDimensions {
        let chosen = size(node, offer)
        return ViewDimensions(
            width: chosen.width, height: chosen.height, resolver: GuideResolver(tree: self, node: node, proposal: offer))
    }

    /// The explicit value of a guide inside a node, or `nil` when nothing inside sets it.
    func explicitGuide(_ node: Int32, _ offer: ProposedSize, _ key: GuideKey) -> Int? {
        let flags = nodes[node].guideFlags
        let isFirstBaseline = ObjectIdentifier(key.id) == ObjectIdentifier(FirstTextBaselineAlignmentID.self)
        let isLastBaseline = ObjectIdentifier(key.id) == ObjectIdentifier(LastTextBaselineAlignmentID.self)
        let isBaseline = key.axis == .vertical && (isFirstBaseline || isLastBaseline)
        guard flags.contains(.explicitGuide) || (isBaseline && flags.contains(.text)) else { return nil }
        let child = nodes[node].firstChild
        func along(_ point: PixelPoint) -> Int { key.axis == .horizontal ? point.x : point.y }
        switch nodes[node].kind {
        case .text(let text):
            guard isBaseline, text.glyphCount > 0 else { return nil }
            if isFirstBaseline { return text.ascent }
            let lines = textSize(text, offer).height / max(1, text.lineHeight)
            return max(0, lines - 1) * text.lineHeight + text.ascent
        case .alignmentGuide(let guide, let closure):
            if guide.matches(key) { return guideClosures[closure](dimensions(child, offer)) }
            return explicitGuide(child, offer, key)
        case .padding(let insets):
            return explicitGuide(child, offer.inset(by: insets), key).map {
                $0 + (key.axis == .horizontal ? insets.leading : insets.top)
            }
        case .fixedFrame(let width, let height, let alignment):
            let childOffer = fixedFrameOffer(width: width, height: height, offer)
            let offset = alignedOffset(of: child, childOffer, in: size(node, offer), alignment)
            return explicitGuide(child, childOffer, key).map { $0 + along(offset) }
        case .flexibleFrame(let frame):
            let childOffer = flexibleFrameOffer(frame, offer)
            let offset = alignedOffset(of: child, childOffer, in: size(node, offer), frame.alignment)
            return explicitGuide(child, childOffer, key).map { $0 + along(offset) }
        case .fixedSize(let horizontal, let vertical):
            return explicitGuide(child, ProposedSize(width: horizontal ? nil : offer.width, height: vertical ? nil : offer.height), key)
        case .fill, .border, .inverted, .hidden, .clipped, .offset, .secondary:
            return explicitGuide(child, offer, key)
        case .firstFitting(let axes):
            let shown = fittingChild(of: node, axes: axes, offer)
            return shown >= 0 ? explicitGuide(shown, offer, key) : nil
        case .stack(let stack):
            var found: Int?
            _ = layoutStack(node, stack, offer) { child, childOffer, offset in
                guard found == nil || isLastBaseline else { return }
                if let value = explicitGuide(child, childOffer, key) { found = value + along(offset) }
            }
            return found
        case .zStack(let alignment):
            var found: Int?
            _ = layoutZStack(node, alignment, offer) { child, childOffer, offset in
                guard found == nil || isLastBaseline else { return }
                if let value = explicitGuide(child, childOffer, key) { found = value + along(offset) }
            }
            return found
        case .empty, .spacer, .divider, .icon, .image, .chart, .shape:
            return nil
        }
    }
}
