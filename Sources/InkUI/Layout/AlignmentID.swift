/// Identifies an alignment guide and says where it lies in a view that sets no explicit value for it,
/// like SwiftUI's `AlignmentID`. Define your own to line up views in different stacks:
///
/// ```swift
/// private enum IconCentre: AlignmentID {
///     static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.height / 2 }
/// }
/// extension VerticalAlignment { static let iconCentre = VerticalAlignment(IconCentre.self) }
/// ```
public protocol AlignmentID: SendableMetatype {
    /// The guide's position in a view without an explicit `alignmentGuide` for it, in pixels from the
    /// view's leading (or top) edge.
    static func defaultValue(in dimensions: ViewDimensions) -> Int
}

enum LeadingAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { 0 }
}

enum HorizontalCenterAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.width / 2 }
}

enum TrailingAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.width }
}

enum TopAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { 0 }
}

enum VerticalCenterAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.height / 2 }
}

enum BottomAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.height }
}

/// Text reports its first baseline explicitly; a view without text has it at its bottom edge.
enum FirstTextBaselineAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.height }
}

/// Text reports its last baseline explicitly; a view without text has it at its bottom edge.
enum LastTextBaselineAlignmentID: AlignmentID {
    static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.height }
}
