/// A one-pixel line in the foreground ink across the enclosing stack: horizontal in a `VStack` (and
/// outside stacks), vertical in an `HStack`.
public struct Divider: View {
    /// A divider.
    public init() {}

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        context.tree.append(
            .divider(runsAlong: context.stackAxis == .horizontal ? .vertical : .horizontal, ink: context.environment.foregroundInk))
    }
}
