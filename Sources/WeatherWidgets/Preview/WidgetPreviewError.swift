public import InkUI
public import InkWidgets

/// Why a preview cannot be drawn; the message says which kinds, families or sizes work.
public struct WidgetPreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// No widget of the bundle has this kind.
        case unknownKind(String, known: [String])
        /// The widget has no design for the family.
        case unsupportedFamily(kind: String, family: WidgetFamily, supported: [WidgetFamily])
        /// The region has no pixels.
        case emptySize(PixelSize)
    }

    public var code: Code

    /// An error with a code.
    public init(_ code: Code) {
        self.code = code
    }

    /// The problem and what to use instead.
    public var description: String {
        switch code {
        case .unknownKind(let kind, let known):
            "unknown widget kind `\(kind)`: use one of \(known.joined(separator: ", "))"
        case .unsupportedFamily(let kind, let family, let supported):
            "`\(kind)` does not come in family `\(family)`: use one of \(supported.map(\.rawValue).joined(separator: ", "))"
        case .emptySize(let size):
            "the size \(size) has no area: give a width and height of at least 1 pixel, e.g. 296x128"
        }
    }
}
