/// Placing nodes: every node gets the size it chose for its offer and a position its parent decides.
extension RenderTree {
    /// Places a node (and its subtree) with its top-left corner at `origin`.
    func place(_ node: Int32, at origin: PixelPoint, _ offer: ProposedSize) {
        let chosen = size(node, offer)
        nodes[node].frame = PixelRect(origin: origin, size: chosen)
        nodes[node].placedProposal = offer
        let child = nodes[node].firstChild
        switch nodes[node].kind {
        case .empty, .text, .spacer, .divider, .icon, .image, .chart, .shape:
            return
        case .stack(let stack):
            _ = layoutStack(node, stack, offer) { child, childOffer, offset in
                place(child, at: origin.offset(by: offset), childOffer)
            }
        case .zStack(let alignment):
            _ = layoutZStack(node, alignment, offer) { child, childOffer, offset in
                place(child, at: origin.offset(by: offset), childOffer)
            }
        case .padding(let insets):
            place(child, at: origin.offset(by: PixelPoint(x: insets.leading, y: insets.top)), offer.inset(by: insets))
        case .fixedFrame(let width, let height, let alignment):
            let childOffer = fixedFrameOffer(width: width, height: height, offer)
            place(child, at: origin.offset(by: alignedOffset(of: child, childOffer, in: chosen, alignment)), childOffer)
        case .flexibleFrame(let frame):
            let childOffer = flexibleFrameOffer(frame, offer)
            place(child, at: origin.offset(by: alignedOffset(of: child, childOffer, in: chosen, frame.alignment)), childOffer)
        case .fixedSize(let horizontal, let vertical):
            place(child, at: origin, ProposedSize(width: horizontal ? nil : offer.width, height: vertical ? nil : offer.height))
        case .alignmentGuide, .fill, .border, .inverted, .hidden, .clipped:
            place(child, at: origin, offer)
        case .offset(let x, let y):
            place(child, at: origin.offset(by: PixelPoint(x: x, y: y)), offer)
        case .firstFitting(let axes):
            let shown = fittingChild(of: node, axes: axes, offer)
            if shown >= 0 { place(shown, at: origin, offer) }
        case .secondary(let alignment, _):
            place(child, at: origin, offer)
            let secondary = nodes[child].nextSibling
            guard secondary >= 0 else { return }
            let secondaryOffer = ProposedSize(chosen)
            place(secondary, at: origin.offset(by: alignedOffset(of: secondary, secondaryOffer, in: chosen, alignment)), secondaryOffer)
        }
    }

    /// Where a child goes inside a container of `containerSize` so that their guides meet.
    func alignedOffset(of child: Int32, _ offer: ProposedSize, in containerSize: PixelSize, _ alignment: Alignment) -> PixelPoint {
        let container = ViewDimensions(width: containerSize.width, height: containerSize.height, resolver: nil)
        let x = alignment.horizontal.id.defaultValue(in: container)
            - alignmentValue(child, offer, GuideKey(axis: .horizontal, id: alignment.horizontal.id))
        let y = alignment.vertical.id.defaultValue(in: container)
            - alignmentValue(child, offer, GuideKey(axis: .vertical, id: alignment.vertical.id))
        return PixelPoint(x: x, y: y)
    }
}
