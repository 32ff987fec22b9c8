/// Several views side by side in a builder closure; a stack lays them out one after the other.
public struct TupleView<each Content: View>: View {
    /// The views, in order.
    public var value: (repeat each Content)

    /// Groups the views, in order.
    public init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        for child in repeat each value {
            child._lower(into: &context)
        }
    }
}
