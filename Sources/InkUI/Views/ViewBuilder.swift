/// Builds view trees from closures the way SwiftUI's `ViewBuilder` does: several views make a
/// `TupleView`, `if` without `else` makes an optional view, `if`/`else` and `switch` make a
/// `_ConditionalContent`. Lists come from `ForEach`, not `for` loops.
@resultBuilder
public enum ViewBuilder {
    /// An empty closure shows nothing.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A single view stays itself.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Several views become one tuple view; stacks lay them out one after the other.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
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
