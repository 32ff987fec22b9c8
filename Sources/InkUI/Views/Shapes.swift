/// A geometric shape that fills the space it is offered (10 × 10 pixels ideally), in the foreground
/// ink unless `.fill` or `.stroke` says otherwise.
public protocol Shape: View where Body == Never {
    /// The outline InkUI draws for this shape.
    var _outline: _ShapeOutline { get }
}

/// The outline of a shape; only InkUI reads it.
public struct _ShapeOutline: Sendable {
    let kind: ShapeKind
}

extension Shape {
    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        context.tree.append(.shape(ShapePayload(kind: _outline.kind, strokeWidth: 0, ink: context.environment.foregroundInk)))
    }

    /// The shape filled with an ink (grey dithers on one-bit panels).
    public func fill(_ ink: Ink) -> some View {
        StyledShape(outline: _outline, strokeWidth: 0, ink: ink)
    }

    /// The shape's outline, `lineWidth` pixels wide inside its bounds, in an ink.
    public func stroke(_ ink: Ink, lineWidth: Int = 1) -> some View {
        StyledShape(outline: _outline, strokeWidth: max(1, lineWidth), ink: ink)
    }
}

/// A shape with its ink and fill or stroke decided.
struct StyledShape: View {
    let outline: _ShapeOutline
    let strokeWidth: Int
    let ink: Ink

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        context.tree.append(.shape(ShapePayload(kind: outline.kind, strokeWidth: strokeWidth, ink: ink)))
    }
}

/// A rectangle.
public struct Rectangle: Shape {
    /// A rectangle.
    public init() {}

    public var _outline: _ShapeOutline { _ShapeOutline(kind: .rectangle) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    let cornerRadius: Int

    /// A rectangle whose corners are quarter circles of `cornerRadius` pixels.
    public init(cornerRadius: Int) {
        self.cornerRadius = max(0, cornerRadius)
    }

    public var _outline: _ShapeOutline { _ShapeOutline(kind: .roundedRectangle(cornerRadius: cornerRadius)) }
}

/// A circle centred in the space offered, as wide as the shorter side.
public struct Circle: Shape {
    /// A circle.
    public init() {}

    public var _outline: _ShapeOutline { _ShapeOutline(kind: .circle) }
}

/// A rectangle whose shorter sides are half circles.
public struct Capsule: Shape {
    /// A capsule.
    public init() {}

    public var _outline: _ShapeOutline { _ShapeOutline(kind: .capsule) }
}
