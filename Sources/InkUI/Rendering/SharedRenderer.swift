import Synchronization

/// One renderer for several owners (the panel's scheduler and each networked display's): its scratch
/// memory, glyph atlas and icon cache are kept once instead of once per screen, and renders take turns.
/// A frame renders in well under a millisecond, so a turn is short.
public final class SharedRenderer: Sendable {
    private let renderer: Mutex<Renderer>

    /// A renderer drawing text from `fonts`.
    public init(fonts: FontLibrary) {
        self.renderer = Mutex(Renderer(fonts: fonts))
    }

    /// Runs `body` with the renderer to itself.
    public func withRenderer<Value: Sendable>(_ body: (Renderer) throws -> Value) rethrows -> Value {
        try renderer.withLock { try body($0) }
    }
}
