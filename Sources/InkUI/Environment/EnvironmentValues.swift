/// Values that flow down the view tree: a view sees what its ancestors set with `.environment`, `.font`,
/// `.foregroundColor` and friends. InkUI's own values are stored properties (setting them never
/// allocates); other modules add theirs with an `EnvironmentKey` and the generic subscript.
public struct EnvironmentValues: Sendable {
    /// The font of `Text` (and the default size of `Icon`).
    public var font: Font = .body
    /// The ink of text, icons, dividers, charts and shapes.
    public var foregroundInk: Ink = .black
    /// The inks of the frame being rendered; the renderer sets it from the target frame.
    public var colorCapability: ColorCapability = .monochrome
    /// Why content is redacted; `.placeholder` draws text and icons as bars.
    public var redactionReasons: RedactionReasons = []
    /// The most lines a `Text` shows; `nil` for no limit.
    public var lineLimit: Int?
    /// How the lines of a multi-line `Text` line up.
    public var multilineTextAlignment: TextAlignment = .leading

    private var extensions: [Entry] = []

    private struct Entry: Sendable {
        let key: ObjectIdentifier
        let value: any Sendable
    }

    /// An environment with every value at its default.
    public init() {}

    /// The value for a key another module defines; its default when no view set it.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in extensions where entry.key == id {
                if let value = entry.value as? Key.Value { return value }
            }
            return Key.defaultValue
        }
        set {
            let id = ObjectIdentifier(key)
            if let index = extensions.firstIndex(where: { $0.key == id }) {
                extensions[index] = Entry(key: id, value: newValue)
            } else {
                extensions.append(Entry(key: id, value: newValue))
            }
        }
    }
}

/// Reasons to draw content as placeholders, like SwiftUI's `RedactionReasons`.
public struct RedactionReasons: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The widget shows a placeholder: text and icons become bars of the same size.
    public static let placeholder = RedactionReasons(rawValue: 1)
}

/// How the lines of a multi-line text line up.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading
    case center
    case trailing
}
