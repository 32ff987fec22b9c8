/// One node of the tree a view lowers into: what it is, its first child and next sibling (indices into
/// the tree's node buffer), its layout priority, the sizes it chose for recent offers, and where it
/// was placed. Payloads hold no references, so building and discarding nodes never touches reference counts.
struct RenderNode {
    var kind: NodeKind
    var firstChild: Int32 = -1
    var nextSibling: Int32 = -1
    var priority: Double = 0
    /// What the subtree holds that alignment can ask about (`GuideFlags`), so guide lookups skip
    /// subtrees without explicit guides or text.
    var guideFlags: GuideFlags = []
    /// How many of the node's `SizeCache.slots` entries are filled, and which to replace next.
    var cachedSizes: UInt8 = 0
    var nextCacheSlot: UInt8 = 0
    /// Where layout placed the node, in frame pixels.
    var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The offer the node was placed with (text re-breaks its lines with it when drawn).
    var placedProposal = ProposedSize.unspecified

    init(_ kind: NodeKind) {
        self.kind = kind
    }
}

/// What a node does in layout and drawing.
enum NodeKind {
    case empty
    case text(TextPayload)
    /// `axis` is the enclosing stack's; outside stacks a spacer grows both ways.
    case spacer(minLength: Int, axis: LayoutAxis?)
    /// A one-pixel rule across `axis` of the enclosing stack (horizontal outside stacks).
    case divider(runsAlong: LayoutAxis, ink: Ink)
    case icon(IconPayload)
    case image(index: Int)
    case chart(ChartPayload)
    case shape(ShapePayload)
    case stack(StackPayload)
    case zStack(Alignment)
    case padding(EdgeInsets)
    case fixedFrame(width: Int?, height: Int?, alignment: Alignment)
    case flexibleFrame(FlexibleFramePayload)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case alignmentGuide(key: GuideKey, closure: Int)
    case fill(Ink)
    /// Children: the primary view, then a `zStack` of the secondary views, drawn behind or on top.
    case secondary(alignment: Alignment, inFront: Bool)
    case border(Ink, width: Int)
    case inverted
    case hidden
    case clipped
    case offset(x: Int, y: Int)
    /// `ViewThatFits`: children are the candidates; one is laid out and drawn.
    case firstFitting(Axis.Set)
}

/// How a line of glyphs ends up on screen.
enum GlyphKind: UInt8 {
    case visible
    case space
    case newline
}

/// A glyph of a shaped text: the atlas entry to draw, its advance and the kerning against the glyph
/// before it (dropped at the start of a line).
struct ShapedGlyph {
    var glyph: Int32
    var advance: Int32
    var kernBefore: Int32
    var kind: GlyphKind
}

struct TextPayload {
    var glyphStart: Int
    var glyphCount: Int
    var lineHeight: Int
    var ascent: Int
    var ellipsisGlyph: Int32
    /// One "…", or three "." when the font lacks "…".
    var ellipsisCount: Int
    var ellipsisAdvance: Int
    var ellipsisWidth: Int { ellipsisCount * ellipsisAdvance }
    /// Zero for no limit.
    var lineLimit: Int
    var ink: Ink
    var alignment: TextAlignment
    var redacted: Bool
    /// The text's entry in the tree's `inspectedTexts`, `-1` when the renderer does not inspect.
    var inspectionIndex: Int32
}

struct IconPayload {
    var symbol: Symbol
    var size: Int
    var rotationDegrees: Double
    var ink: Ink
    var redacted: Bool
}

struct ChartPayload {
    var valueStart: Int
    var valueCount: Int
    var style: ChartStyle
    /// NaN when the chart scales to its values.
    var minimum: Double
    var maximum: Double
    var ink: Ink
}

enum ShapeKind {
    case rectangle
    case roundedRectangle(cornerRadius: Int)
    case circle
    case capsule
}

struct ShapePayload {
    var kind: ShapeKind
    /// Zero fills the shape; otherwise the width of its outline.
    var strokeWidth: Int
    var ink: Ink
}

struct StackPayload {
    var axis: LayoutAxis
    var spacing: Int
    /// The guide children line up on, across the stack's axis.
    var alignment: GuideKey
}

struct FlexibleFramePayload {
    var minWidth: Int?
    var idealWidth: Int?
    var maxWidth: Int?
    var minHeight: Int?
    var idealHeight: Int?
    var maxHeight: Int?
    var alignment: Alignment
}

/// The sizes a node chose for recent offers, kept in the tree's `sizeCache` (`slots` entries per node).
/// A stack asks each child for its smallest, largest and final size, for each offer the stack gets along
/// its other axis, so a node sees a handful of distinct offers per frame; sixteen entries keep layout
/// linear in the number of nodes instead of exponential in their depth.
enum SizeCache {
    static let slots = 16

    /// An offer packed into one word (`UInt32.max` for "ideal").
    static func key(_ offer: ProposedSize) -> UInt64 {
        UInt64(offer.width.map { UInt32($0) } ?? .max) << 32 | UInt64(offer.height.map { UInt32($0) } ?? .max)
    }

    /// A size packed into one word.
    static func value(_ size: PixelSize) -> UInt64 {
        UInt64(UInt32(size.width)) << 32 | UInt64(UInt32(size.height))
    }

    static func size(_ value: UInt64) -> PixelSize {
        PixelSize(width: Int(value >> 32), height: Int(value & 0xFFFF_FFFF))
    }
}

/// One remembered offer and the size chosen for it.
struct SizeCacheEntry {
    var offer: UInt64
    var size: UInt64
}

/// Marks subtrees holding explicit alignment guides or text baselines.
struct GuideFlags: OptionSet {
    let rawValue: UInt8

    static let explicitGuide = GuideFlags(rawValue: 1)
    static let text = GuideFlags(rawValue: 2)
}
