/// A string in the environment's font and ink. Wraps at spaces when offered less width than it needs,
/// and ends with "…" when its line limit or the offered height cuts it short. Characters the font
/// lacks show as a box.
public struct Text: View {
    let content: String

    /// Text showing a string as it is (no localisation, no markdown).
    public init(_ content: String) {
        self.content = content
    }

    /// Text showing a string as it is.
    public init(verbatim content: String) {
        self.content = content
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        context.tree.appendText(content, environment: context.environment)
    }
}
