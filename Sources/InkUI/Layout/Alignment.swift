/// A guide that lines up views along the horizontal axis (in a `VStack`, a `ZStack`, a frame).
public struct HorizontalAlignment: Equatable, Sendable {
    let id: any AlignmentID.Type

    /// An alignment whose guide `id` defines.
    public init(_ id: any AlignmentID.Type) {
        self.id = id
    }

    /// The left edge.
    public static let leading = HorizontalAlignment(LeadingAlignmentID.self)
    /// The middle.
    public static let center = HorizontalAlignment(HorizontalCenterAlignmentID.self)
    /// The right edge.
    public static let trailing = HorizontalAlignment(TrailingAlignmentID.self)

    public static func == (lhs: HorizontalAlignment, rhs: HorizontalAlignment) -> Bool {
        ObjectIdentifier(lhs.id) == ObjectIdentifier(rhs.id)
    }
}

/// A guide that lines up views along the vertical axis (in an `HStack`, a `ZStack`, a frame).
public struct VerticalAlignment: Equatable, Sendable {
    let id: any AlignmentID.Type

    /// An alignment whose guide `id` defines.
    public init(_ id: any AlignmentID.Type) {
        self.id = id
    }

    /// The top edge.
    public static let top = VerticalAlignment(TopAlignmentID.self)
    /// The middle.
    public static let center = VerticalAlignment(VerticalCenterAlignmentID.self)
    /// The bottom edge.
    public static let bottom = VerticalAlignment(BottomAlignmentID.self)
    /// The baseline of the first line of text (the bottom edge of views without text).
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineAlignmentID.self)
    /// The baseline of the last line of text (the bottom edge of views without text).
    public static let lastTextBaseline = VerticalAlignment(LastTextBaselineAlignmentID.self)

    public static func == (lhs: VerticalAlignment, rhs: VerticalAlignment) -> Bool {
        ObjectIdentifier(lhs.id) == ObjectIdentifier(rhs.id)
    }
}

/// A horizontal and a vertical guide together, for `ZStack`, frames and overlays.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    /// Combines two guides.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
