/// The two directions of layout, as in SwiftUI.
public enum Axis: Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical

    /// Some of the two axes.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
