/// A view of any type, for when the type must be erased (a list of unlike widgets, say). Creating one
/// boxes the view, which may allocate; prefer generic views in code that runs every frame.
public struct AnyView: View {
    let view: any View

    /// Erases the type of `view`.
    public init<Content: View>(_ view: Content) {
        self.view = view
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        view._lower(into: &context)
    }
}
