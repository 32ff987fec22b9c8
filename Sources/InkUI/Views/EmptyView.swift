/// A view that shows nothing and takes no room (a stack does not even add spacing for it).
public struct EmptyView: View {
    /// Nothing.
    public init() {}

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {}
}
