/// A font request: pixel size, weight and design. The `FontLibrary` maps it to a face file; every
/// weight from `.semibold` up uses the bold face, the lighter ones the regular face.
public struct Font: Sendable, Hashable {
    /// How heavy the strokes are. DejaVu has two weights, so these fall into regular and bold.
    public enum Weight: Int, Sendable, Hashable, CaseIterable, Comparable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The family style.
    public enum Design: Sendable, Hashable, CaseIterable {
        /// The proportional sans-serif face.
        case `default`
        /// The fixed-width face.
        case monospaced
    }

    /// The em size in pixels (clamped to 1…512 when rendering).
    public var size: Int
    public var weight: Weight
    public var design: Design
    /// Whether digits all take the width of the widest digit, so changing numbers do not jiggle.
    public var usesMonospacedDigits: Bool

    /// A font of the system family at a pixel size.
    public static func system(size: Int, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design, usesMonospacedDigits: false)
    }

    /// The same font with another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// The same font in bold.
    public func bold() -> Font { weight(.bold) }

    /// The same font with digits of equal width.
    public func monospacedDigit() -> Font {
        var font = self
        font.usesMonospacedDigits = true
        return font
    }

    /// SwiftUI's text styles at their default point sizes, taken as pixels.
    public static let largeTitle = system(size: 34)
    public static let title = system(size: 28)
    public static let title2 = system(size: 22)
    public static let title3 = system(size: 20)
    public static let headline = system(size: 17, weight: .semibold)
    public static let body = system(size: 17)
    public static let callout = system(size: 16)
    public static let subheadline = system(size: 15)
    public static let footnote = system(size: 13)
    public static let caption = system(size: 12)
    public static let caption2 = system(size: 11)

    /// The face this font uses.
    var face: FontFace {
        let bold = weight >= .semibold
        switch design {
        case .default: return bold ? .bold : .regular
        case .monospaced: return bold ? .monospacedBold : .monospaced
        }
    }

    /// The pixel size actually rendered.
    var pixelSize: Int { min(max(size, 1), 512) }
}

/// The four faces a font library holds.
enum FontFace: Int, CaseIterable {
    case regular
    case bold
    case monospaced
    case monospacedBold
}
