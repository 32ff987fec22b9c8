/// Builds view trees from closures the way SwiftUI's `ViewBuilder` does: several views make nested
/// `ViewPair`s, `if` without `else` makes an optional view, `if`/`else` and `switch` make a
/// `_ConditionalContent`. Lists come from `ForEach`, not `for` loops.
@resultBuilder
public enum ViewBuilder {
    /// An empty closure shows nothing.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// The first view of a closure stays itself.
    public static func buildPartialBlock<Content: View>(first content: Content) -> Content { content }

    /// Each further view pairs up with the ones before it; stacks lay them out one after the other.
    public static func buildPartialBlock<Accumulated: View, Next: View>(
        accumulated: Accumulated, next: Next
    ) -> ViewPair<Accumulated, Next> {
        ViewPair(accumulated, next)
    }

    /// `if` without `else`, and `if let`.
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of `if`/`else` (and the first cases of a `switch`).
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of `if`/`else` (and the later cases of a `switch`).
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
}
