/// Empty room that grows along the enclosing stack's axis (both ways outside stacks). Spacers yield
/// to their siblings: a stack serves its other children first.
public struct Spacer: View {
    let minLength: Int?

    /// A spacer at least `minLength` pixels long (8 by default).
    public init(minLength: Int? = nil) {
        self.minLength = minLength
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        context.tree.append(.spacer(minLength: max(0, minLength ?? defaultStackSpacing), axis: context.stackAxis))
    }
}
