extension PixelSize {
    static let zero = PixelSize(width: 0, height: 0)
}

extension PixelPoint {
    func offset(by other: PixelPoint) -> PixelPoint {
        PixelPoint(x: x + other.x, y: y + other.y)
    }
}

/// SwiftUI's sizing rules, node by node: the parent offers a size, the node chooses its own.
extension RenderTree {
    /// The size a node chooses for an offer (remembered for its last `SizeCache.slots` offers).
    func size(_ node: Int32, _ offer: ProposedSize) -> PixelSize {
        let key = SizeCache.key(offer)
        let base = Int(node) * SizeCache.slots
        let filled = Int(nodes[node].cachedSizes)
        for slot in 0..<filled where sizeCache[base + slot].offer == key {
            return SizeCache.size(sizeCache[base + slot].size)
        }
        sizeComputations += 1
        let computed = computeSize(node, offer)
        let chosen = PixelSize(width: ProposedSize.clamp(computed.width), height: ProposedSize.clamp(computed.height))
        let slot = Int(nodes[node].nextCacheSlot)
        sizeCache[base + slot] = SizeCacheEntry(offer: key, size: SizeCache.value(chosen))
        nodes[node].nextCacheSlot = UInt8((slot + 1) % SizeCache.slots)
        nodes[node].cachedSizes = UInt8(min(filled + 1, SizeCache.slots))
        return chosen
    }

    private func computeSize(_ node: Int32, _ offer: ProposedSize) -> PixelSize {
        let child = nodes[node].firstChild
        switch nodes[node].kind {
        case .empty:
            return .zero
        case .text(let text):
            return textSize(text, offer)
        case .spacer(let minLength, let axis):
            let width = axis == .vertical ? 0 : max(minLength, offer.width ?? minLength)
            let height = axis == .horizontal ? 0 : max(minLength, offer.height ?? minLength)
            return PixelSize(width: width, height: height)
        case .divider(let runsAlong, _):
            return runsAlong == .horizontal
                ? PixelSize(width: offer.width ?? 0, height: 1) : PixelSize(width: 1, height: offer.height ?? 0)
        case .icon(let icon):
            return PixelSize(width: icon.size, height: icon.size)
        case .image(let index):
            return images[index].size
        case .chart(let chart):
            let idealWidth = max(1, chart.valueCount) * ChartStyle.idealPixelsPerValue
            return PixelSize(width: offer.width ?? idealWidth, height: offer.height ?? ChartStyle.idealHeight)
        case .shape:
            return PixelSize(width: offer.width ?? 10, height: offer.height ?? 10)
        case .stack(let stack):
            return layoutStack(node, stack, offer) { _, _, _ in }
        case .zStack(let alignment):
            return layoutZStack(node, alignment, offer) { _, _, _ in }
        case .padding(let insets):
            let inner = size(child, offer.inset(by: insets))
            return PixelSize(
                width: max(0, inner.width + insets.leading + insets.trailing),
                height: max(0, inner.height + insets.top + insets.bottom))
        case .fixedFrame(let width, let height, _):
            if let width, let height { return PixelSize(width: width, height: height) }
            let inner = size(child, fixedFrameOffer(width: width, height: height, offer))
            return PixelSize(width: width ?? inner.width, height: height ?? inner.height)
        case .flexibleFrame(let frame):
            return flexibleFrameSize(frame, child: child, offer)
        case .fixedSize(let horizontal, let vertical):
            return size(child, ProposedSize(width: horizontal ? nil : offer.width, height: vertical ? nil : offer.height))
        case .alignmentGuide, .fill, .border, .inverted, .hidden, .clipped, .offset, .secondary:
            return size(child, offer)
        case .firstFitting(let axes):
            let shown = fittingChild(of: node, axes: axes, offer)
            return shown >= 0 ? size(shown, offer) : .zero
        }
    }

    /// A text node's size: its widest line and its lines' height.
    func textSize(_ text: TextPayload, _ offer: ProposedSize) -> PixelSize {
        var breaker = LineBreaker(payload: text, glyphs: glyphs.base, proposal: offer)
        var lines = 0, widest = 0
        while let line = breaker.next() {
            lines += 1
            widest = max(widest, line.width)
        }
        return PixelSize(width: widest, height: lines * text.lineHeight)
    }

    /// What a flexible frame offers its child: the offer (or the ideal length) clamped to min and max.
    func flexibleFrameOffer(_ frame: FlexibleFramePayload, _ offer: ProposedSize) -> ProposedSize {
        func clamp(_ proposed: Int?, _ ideal: Int?, _ minimum: Int?, _ maximum: Int?) -> Int? {
            guard var length = proposed ?? ideal else { return nil }
            if let maximum { length = min(length, max(maximum, minimum ?? maximum)) }
            if let minimum { length = max(length, minimum) }
            return length
        }
        return ProposedSize(
            width: clamp(offer.width, frame.idealWidth, frame.minWidth, frame.maxWidth),
            height: clamp(offer.height, frame.idealHeight, frame.minHeight, frame.maxHeight))
    }

    private func flexibleFrameSize(_ frame: FlexibleFramePayload, child: Int32, _ offer: ProposedSize) -> PixelSize {
        let childOffer = flexibleFrameOffer(frame, offer)
        let inner = size(child, childOffer)
        func resolve(_ length: Int, _ offered: Int?, _ minimum: Int?, _ maximum: Int?) -> Int {
            var result = length
            if let minimum { result = max(minimum, offered.map { min(result, $0) } ?? result) }
            if let maximum {
                let maximum = max(maximum, minimum ?? maximum)
                result = min(maximum, offered.map { max(result, $0) } ?? result)
            }
            return result
        }
        return PixelSize(
            width: resolve(inner.width, childOffer.width, frame.minWidth, frame.maxWidth),
            height: resolve(inner.height, childOffer.height, frame.minHeight, frame.maxHeight))
    }

    /// What a fixed frame offers its child.
    func fixedFrameOffer(width: Int?, height: Int?, _ offer: ProposedSize) -> ProposedSize {
        ProposedSize(width: width ?? offer.width, height: height ?? offer.height)
    }
}
