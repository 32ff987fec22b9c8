/// The nodes of one frame and the buffers their payloads point into. The renderer keeps one tree and
/// empties it before every frame, so its memory is reused.
final class RenderTree {
    let nodes = ScratchArray<RenderNode>(capacity: 256)
    /// `SizeCache.slots` entries per node, in node order.
    let sizeCache = ScratchArray<SizeCacheEntry>(capacity: 256 * SizeCache.slots)
    let glyphs = ScratchArray<ShapedGlyph>(capacity: 1024)
    let chartValues = ScratchArray<Double>(capacity: 256)
    /// Per-child working space of stack layout; nested stacks use the part after their parent's.
    let stackSlots = ScratchArray<StackSlot>(capacity: 64)
    private(set) var images: [Frame] = []
    private(set) var guideClosures: [(ViewDimensions) -> Int] = []
    let atlas: GlyphAtlas

    /// How many sizes layout computed (cache misses) since the last reset; keeps layout honest in tests.
    var sizeComputations = 0
    /// Each text's string and cap height, kept only while the renderer records placements.
    var inspectedTexts: [InspectedText]?

    /// The sibling list views are being lowered into.
    private(set) var listHead: Int32 = -1
    private(set) var listTail: Int32 = -1

    init(atlas: GlyphAtlas) {
        self.atlas = atlas
        images.reserveCapacity(8)
        guideClosures.reserveCapacity(8)
    }

    /// Forgets the previous frame, keeping every buffer's memory.
    func reset() {
        nodes.removeAll()
        sizeCache.removeAll()
        glyphs.removeAll()
        chartValues.removeAll()
        stackSlots.removeAll()
        images.removeAll(keepingCapacity: true)
        guideClosures.removeAll(keepingCapacity: true)
        inspectedTexts?.removeAll(keepingCapacity: true)
        listHead = -1
        listTail = -1
        sizeComputations = 0
    }

    // MARK: Building sibling lists

    /// Adds a node without linking it anywhere; its children are the sibling list from `firstChild`.
    func makeNode(_ kind: NodeKind, firstChild: Int32 = -1) -> Int32 {
        var node = RenderNode(kind)
        node.firstChild = firstChild
        var child = firstChild
        while child >= 0 {
            node.guideFlags.formUnion(nodes[child].guideFlags)
            child = nodes[child].nextSibling
        }
        switch kind {
        case .text: node.guideFlags.insert(.text)
        case .alignmentGuide: node.guideFlags.insert(.explicitGuide)
        default: break
        }
        for _ in 0..<SizeCache.slots { sizeCache.append(SizeCacheEntry(offer: 0, size: 0)) }
        return Int32(nodes.append(node))
    }

    /// Adds a node at the end of the current sibling list.
    @discardableResult
    func append(_ kind: NodeKind, firstChild: Int32 = -1) -> Int32 {
        let index = makeNode(kind, firstChild: firstChild)
        link(index)
        return index
    }

    private func link(_ index: Int32) {
        if listTail >= 0 { nodes[listTail].nextSibling = index } else { listHead = index }
        listTail = index
    }

    /// Starts a new, empty sibling list; returns what `endList` needs to restore the enclosing one.
    func beginList() -> (head: Int32, tail: Int32) {
        let saved = (listHead, listTail)
        listHead = -1
        listTail = -1
        return saved
    }

    /// Ends the current list, restores the enclosing one and returns the ended list's first node.
    func endList(restoring saved: (head: Int32, tail: Int32)) -> Int32 {
        let first = listHead
        (listHead, listTail) = saved
        return first
    }

    /// Replaces every node added to the current list after `mark` (the list's tail before the content
    /// was lowered) with a wrapper of `kind` around it. The wrapper inherits the layout priority, as
    /// traits pass through modifiers in SwiftUI.
    func wrapEach(after mark: Int32, _ kind: NodeKind) {
        wrapEach(after: mark) { _ in (kind, -1) }
    }

    /// Like `wrapEach(after:_:)`, where `make` may also return a second child (the secondary views of
    /// a background or overlay), or `-1` for none.
    func wrapEach(after mark: Int32, _ make: (_ child: Int32) -> (kind: NodeKind, secondChild: Int32)) {
        var previous = mark
        var current = mark >= 0 ? nodes[mark].nextSibling : listHead
        while current >= 0 {
            let following = nodes[current].nextSibling
            let (kind, secondChild) = make(current)
            nodes[current].nextSibling = secondChild
            let wrapper = makeNode(kind, firstChild: current)
            nodes[wrapper].priority = nodes[current].priority
            nodes[wrapper].nextSibling = following
            if previous >= 0 { nodes[previous].nextSibling = wrapper } else { listHead = wrapper }
            if listTail == current { listTail = wrapper }
            previous = wrapper
            current = following
        }
    }

    /// Calls `body` with every node added to the current list after `mark`.
    func forEach(after mark: Int32, _ body: (Int32) -> Void) {
        var current = mark >= 0 ? nodes[mark].nextSibling : listHead
        while current >= 0 {
            body(current)
            current = nodes[current].nextSibling
        }
    }

    func addImage(_ frame: Frame) -> Int {
        images.append(frame)
        return images.count - 1
    }

    func addGuideClosure(_ closure: @escaping (ViewDimensions) -> Int) -> Int {
        guideClosures.append(closure)
        return guideClosures.count - 1
    }

    /// The children of a node, in order.
    @inline(__always)
    func children(of node: Int32) -> ChildSequence {
        ChildSequence(nodes: nodes, first: nodes[node].firstChild)
    }
}

/// Walks a sibling list. The tree outlives every walk, so the walk does not retain its node buffer
/// (layout walks children millions of times a minute; a retain and release each was a tenth of a frame).
struct ChildSequence: Sequence, IteratorProtocol {
    unowned(unsafe) let nodes: ScratchArray<RenderNode>
    var current: Int32

    init(nodes: ScratchArray<RenderNode>, first: Int32) {
        self.nodes = nodes
        self.current = first
    }

    mutating func next() -> Int32? {
        guard current >= 0 else { return nil }
        defer { current = nodes[current].nextSibling }
        return current
    }
}
