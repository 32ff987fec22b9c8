/// Several views treated as one for modifiers, laid out by the enclosing stack: `Group { A; B }.padding()`
/// pads `A` and `B` each, as in SwiftUI.
public struct Group<Content: View>: View {
    let content: Content

    /// Groups the views the closure builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        content._lower(into: &context)
    }
}
