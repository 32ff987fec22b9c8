/// Two views one after the other, as a builder closure makes them: several views are nested pairs,
/// `ViewPair<ViewPair<A, B>, C>`, and a stack lays out the leaves in order.
///
/// Pairs rather than one variadic tuple view: a generic struct of two stored views gets its layout once,
/// when its type is first made, while copying or destroying a value of a parameter-pack tuple looks its
/// tuple type up in the runtime's cache every time, which made building a frame's views cost more than
/// laying them out.
public struct ViewPair<First: View, Second: View>: View {
    public var first: First
    public var second: Second

    /// The two views, in order.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        first._lower(into: &context)
        second._lower(into: &context)
    }
}
