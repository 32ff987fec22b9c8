extension View {
    /// Fills the view's rectangle with an ink behind it (grey dithers on one-bit panels).
    public func background(_ ink: Ink) -> some View {
        WrappedView(content: self, kind: .fill(ink))
    }

    /// Draws views behind this one, offered this view's size and lined up by `alignment`.
    public func background<Background: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> Background
    ) -> some View {
        SecondaryContentView(content: self, secondary: content(), alignment: alignment, inFront: false)
    }

    /// Draws views in front of this one, offered this view's size and lined up by `alignment`.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        SecondaryContentView(content: self, secondary: content(), alignment: alignment, inFront: true)
    }

    /// Draws a border of `width` pixels inside the view's edges.
    public func border(_ ink: Ink, width: Int = 1) -> some View {
        WrappedView(content: self, kind: .border(ink, width: max(0, width)))
    }

    /// Turns the view's rectangle into a negative: white on black where it was black on white (greys
    /// swap too, red stays red). The usual way to make a highlighted block on e-ink.
    public func inverted() -> some View {
        WrappedView(content: self, kind: .inverted)
    }

    /// Keeps the view's room but draws nothing.
    public func hidden() -> some View {
        WrappedView(content: self, kind: .hidden)
    }

    /// Cuts off drawing that spills out of the view's rectangle.
    public func clipped() -> some View {
        WrappedView(content: self, kind: .clipped)
    }
}
