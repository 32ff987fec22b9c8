/// The two directions a stack can run in.
enum LayoutAxis: Equatable {
    case horizontal
    case vertical
}

/// What a parent offers a child: a length per axis, or `nil` for "your ideal size".
struct ProposedSize: Equatable {
    var width: Int?
    var height: Int?

    /// Lengths past this count as "as much as you like"; keeps sums of offers far from overflow.
    static let unbounded = 1 << 30

    static let unspecified = ProposedSize(width: nil, height: nil)

    init(width: Int?, height: Int?) {
        self.width = width.map(ProposedSize.clamp)
        self.height = height.map(ProposedSize.clamp)
    }

    init(_ size: PixelSize) {
        self.init(width: size.width, height: size.height)
    }

    /// A length made valid: never negative, and anything huge counts as unbounded, so "unbounded less
    /// some padding" or "a share of unbounded" is still the same offer (and hits the size cache).
    static func clamp(_ length: Int) -> Int { length >= effectivelyUnbounded ? unbounded : max(length, 0) }

    /// Offers from here up are treated as unbounded (no panel is 16 million pixels wide, and a stack
    /// dividing an unbounded offer among dozens of children still offers each of them more).
    static let effectivelyUnbounded = 1 << 24

    /// A signed length (spacing, inset, offset) kept within ±`unbounded`, so sums never overflow.
    static func clampSigned(_ length: Int) -> Int { min(max(length, -unbounded), unbounded) }

    subscript(axis: LayoutAxis) -> Int? {
        axis == .horizontal ? width : height
    }

    /// The same offer with one axis replaced.
    func with(_ axis: LayoutAxis, _ length: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: length, height: height) : ProposedSize(width: width, height: length)
    }

    /// The offer left for content inside insets.
    func inset(by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(
            width: width.map { $0 - insets.leading - insets.trailing },
            height: height.map { $0 - insets.top - insets.bottom })
    }
}

extension PixelSize {
    subscript(axis: LayoutAxis) -> Int {
        axis == .horizontal ? width : height
    }

    init(_ axis: LayoutAxis, main: Int, cross: Int) {
        self = axis == .horizontal ? PixelSize(width: main, height: cross) : PixelSize(width: cross, height: main)
    }
}

extension Int {
    /// A frame or stack length meaning "as much as offered", for `.frame(maxWidth: .infinity)`.
    public static var infinity: Int { .max }
}
