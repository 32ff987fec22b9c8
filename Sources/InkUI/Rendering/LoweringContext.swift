/// What a view needs while it turns into render nodes: the tree under construction, the environment in
/// effect, and the axis of the enclosing stack (for `Spacer` and `Divider`). Only InkUI reads it.
public struct _LoweringContext {
    let tree: RenderTree
    /// The environment where the view stands.
    var environment: EnvironmentValues
    /// The axis of the nearest enclosing stack, `nil` outside stacks or inside a `ZStack`.
    var stackAxis: LayoutAxis?

    init(tree: RenderTree, environment: EnvironmentValues) {
        self.tree = tree
        self.environment = environment
        self.stackAxis = nil
    }

    /// Lowers `content` into a list of its own and returns that list's first node.
    mutating func lowerList<Content: View>(_ content: Content, stackAxis: LayoutAxis?) -> Int32 {
        let saved = tree.beginList()
        let outerAxis = self.stackAxis
        self.stackAxis = stackAxis
        content._lower(into: &self)
        self.stackAxis = outerAxis
        return tree.endList(restoring: saved)
    }
}
