/// Space around a view's four edges, in pixels.
public struct EdgeInsets: Equatable, Sendable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int

    /// Insets for each edge.
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same length on the chosen edges, zero on the others.
    public init(_ edges: Edge.Set, _ length: Int) {
        self.init(
            top: edges.contains(.top) ? length : 0,
            leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0,
            trailing: edges.contains(.trailing) ? length : 0)
    }
}

/// An edge of a view's rectangle.
public enum Edge: Sendable, Hashable, CaseIterable {
    case top
    case leading
    case bottom
    case trailing

    /// Several edges, for `.padding(.horizontal, 8)`.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}
