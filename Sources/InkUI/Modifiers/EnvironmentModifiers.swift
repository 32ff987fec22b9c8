extension View {
    /// Sets the font of the text (and the default icon size) inside.
    public func font(_ font: Font) -> some View {
        EnvironmentChangeView(content: self, change: .font(font))
    }

    /// Sets the ink of text, icons, dividers, charts and shapes inside.
    public func foregroundStyle(_ ink: Ink) -> some View {
        EnvironmentChangeView(content: self, change: .ink(ink))
    }

    /// Sets the ink of text, icons, dividers, charts and shapes inside (SwiftUI's older name).
    public func foregroundColor(_ ink: Ink) -> some View {
        foregroundStyle(ink)
    }

    /// Limits text inside to `limit` lines (at least one); `nil` removes the limit.
    public func lineLimit(_ limit: Int?) -> some View {
        EnvironmentChangeView(content: self, change: .lineLimit(limit))
    }

    /// Lines up the lines of multi-line text inside.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        EnvironmentChangeView(content: self, change: .textAlignment(alignment))
    }

    /// Draws text and icons inside as placeholder bars of the same size (WidgetKit's placeholder look).
    public func redacted(reason: RedactionReasons) -> some View {
        EnvironmentChangeView(content: self, change: .redact(reason))
    }

    /// Shows content inside normally even where an ancestor redacts.
    public func unredacted() -> some View {
        EnvironmentChangeView(content: self, change: .unredact)
    }

    /// Sets an environment value for the content inside.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        EnvironmentKeyPathView(content: self, keyPath: keyPath, value: value)
    }
}
