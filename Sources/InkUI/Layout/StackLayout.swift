/// A stack child's working values during one layout pass.
struct StackSlot {
    var node: Int32
    var order: Int
    var minMain = 0
    var maxMain = 0
    var priority: Double = 0
    var isSpacer = false
    var offer = ProposedSize.unspecified
    var size = PixelSize.zero
    var guide = 0

    var flexibility: Int { maxMain - minMain }
}

/// Stack layout, the SwiftUI way: children are asked for their smallest and largest length along the
/// stack, then served in order of layout priority and, within a priority, least flexible first, each
/// offered an equal share of what is left (after keeping the minimum lengths of those served later).
/// Spacers yield to their siblings: they are served after the other children of their priority, which
/// is what makes `HStack { Text(long); Spacer(); Text(value) }` truncate the long text only when room
/// runs out. Across the stack, children line up on the stack's alignment guide.
extension RenderTree {
    /// Lays out a stack for an offer, calls `visit` with every child's offer and offset from the stack's
    /// origin (in order), and returns the stack's size.
    func layoutStack(
        _ node: Int32, _ stack: StackPayload, _ offer: ProposedSize,
        _ visit: (_ child: Int32, _ offer: ProposedSize, _ offset: PixelPoint) -> Void
    ) -> PixelSize {
        let axis = stack.axis
        let cross: LayoutAxis = axis == .horizontal ? .vertical : .horizontal
        let base = stackSlots.count
        var count = 0
        for child in children(of: node) {
            stackSlots.append(StackSlot(node: child, order: count))
            count += 1
        }
        defer { stackSlots.truncate(to: base) }
        guard count > 0 else { return .zero }
        let spacingTotal = stack.spacing * (count - 1)
        let crossOffer = offer[cross]

        if let mainOffer = offer[axis] {
            shareOut(max(0, mainOffer - spacingTotal), base, count, axis: axis, crossOffer)
        } else {
            for index in base..<(base + count) {
                let childOffer = ProposedSize.along(axis, main: nil, cross: crossOffer)
                stackSlots[index].offer = childOffer
                stackSlots[index].size = size(stackSlots[index].node, childOffer)
            }
        }

        var before = Int.min, after = Int.min, mainTotal = spacingTotal
        for index in base..<(base + count) {
            let slot = stackSlots[index]
            let guide = alignmentValue(slot.node, slot.offer, stack.alignment)
            stackSlots[index].guide = guide
            before = max(before, guide)
            after = max(after, slot.size[cross] - guide)
            mainTotal += slot.size[axis]
        }
        var cursor = 0
        for index in base..<(base + count) {
            let slot = stackSlots[index]
            let offset = axis == .horizontal
                ? PixelPoint(x: cursor, y: before - slot.guide) : PixelPoint(x: before - slot.guide, y: cursor)
            visit(slot.node, slot.offer, offset)
            cursor += slot.size[axis] + stack.spacing
        }
        return PixelSize(axis, main: ProposedSize.clamp(mainTotal), cross: ProposedSize.clamp(before + after))
    }

    /// Shares `available` (the offer less the spacing) out among the `count` slots from `base`, setting
    /// each slot's offer and size.
    private func shareOut(_ available: Int, _ base: Int, _ count: Int, axis: LayoutAxis, _ crossOffer: Int?) {
        let largest = ProposedSize.along(axis, main: ProposedSize.unbounded, cross: crossOffer)
        var largestTotal = 0
        for index in base..<(base + count) {
            let child = stackSlots[index].node
            stackSlots[index].minMain = size(child, ProposedSize.along(axis, main: 0, cross: crossOffer))[axis]
            stackSlots[index].maxMain = size(child, largest)[axis]
            stackSlots[index].priority = nodes[child].priority
            if case .spacer = nodes[child].kind { stackSlots[index].isSpacer = true }
            largestTotal += stackSlots[index].maxMain
        }
        // Everything fits at its largest: sharing out would offer each child at least its largest
        // length, which it takes, so each keeps the size it chose for the unbounded offer (known
        // already) and its subtree is not laid out for one more offer.
        if largestTotal <= available {
            for index in base..<(base + count) {
                stackSlots[index].offer = largest
                stackSlots[index].size = size(stackSlots[index].node, largest)
            }
            return
        }
        sortSlots(base, count) { a, b in
            if a.priority != b.priority { return a.priority > b.priority }
            if a.isSpacer != b.isSpacer { return !a.isSpacer }
            return a.flexibility < b.flexibility
        }
        var remaining = available
        var groupStart = base
        let end = base + count
        while groupStart < end {
            var groupEnd = groupStart + 1
            while groupEnd < end, stackSlots[groupEnd].priority == stackSlots[groupStart].priority,
                stackSlots[groupEnd].isSpacer == stackSlots[groupStart].isSpacer
            {
                groupEnd += 1
            }
            var reserved = 0
            for later in groupEnd..<end { reserved += stackSlots[later].minMain }
            var groupRemaining = max(0, remaining - reserved)
            var used = 0
            for index in groupStart..<groupEnd {
                let share = groupRemaining / (groupEnd - index)
                let childOffer = ProposedSize.along(axis, main: share, cross: crossOffer)
                let chosen = size(stackSlots[index].node, childOffer)
                stackSlots[index].offer = childOffer
                stackSlots[index].size = chosen
                groupRemaining = max(0, groupRemaining - chosen[axis])
                used += chosen[axis]
            }
            remaining = max(0, remaining - used)
            groupStart = groupEnd
        }
        sortSlots(base, count) { a, b in a.order < b.order }
    }

    /// Lays out an overlay stack: every child gets the whole offer and they line up on both guides.
    func layoutZStack(
        _ node: Int32, _ alignment: Alignment, _ offer: ProposedSize,
        _ visit: (_ child: Int32, _ offer: ProposedSize, _ offset: PixelPoint) -> Void
    ) -> PixelSize {
        let horizontal = GuideKey(axis: .horizontal, id: alignment.horizontal.id)
        let vertical = GuideKey(axis: .vertical, id: alignment.vertical.id)
        var left = Int.min, right = Int.min, top = Int.min, bottom = Int.min
        var any = false
        for child in children(of: node) {
            any = true
            let chosen = size(child, offer)
            let x = alignmentValue(child, offer, horizontal), y = alignmentValue(child, offer, vertical)
            left = max(left, x)
            right = max(right, chosen.width - x)
            top = max(top, y)
            bottom = max(bottom, chosen.height - y)
        }
        guard any else { return .zero }
        for child in children(of: node) {
            let x = alignmentValue(child, offer, horizontal), y = alignmentValue(child, offer, vertical)
            visit(child, offer, PixelPoint(x: left - x, y: top - y))
        }
        return PixelSize(width: ProposedSize.clamp(left + right), height: ProposedSize.clamp(top + bottom))
    }

    /// A stable insertion sort of `count` slots from `base` (stacks have few children).
    private func sortSlots(_ base: Int, _ count: Int, by areInOrder: (StackSlot, StackSlot) -> Bool) {
        guard count > 1 else { return }
        for index in (base + 1)..<(base + count) {
            let item = stackSlots[index]
            var position = index
            while position > base, areInOrder(item, stackSlots[position - 1]) {
                stackSlots[position] = stackSlots[position - 1]
                position -= 1
            }
            stackSlots[position] = item
        }
    }
}

extension ProposedSize {
    /// An offer given along a stack's axis and across it.
    static func along(_ axis: LayoutAxis, main: Int?, cross: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}
