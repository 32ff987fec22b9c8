/// A ready bitmap at its own size. Pixels of another capability are mapped to the target's inks
/// (grey dithers on one-bit panels, red is black without a red plane).
public struct Image: View {
    let frame: Frame

    /// An image of a frame.
    public init(_ frame: Frame) {
        self.frame = frame
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let index = context.tree.addImage(frame)
        context.tree.append(.image(index: index))
    }
}
