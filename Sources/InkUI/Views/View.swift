/// A piece of a panel image, described declaratively like a SwiftUI view: composite views build other
/// views in `body`; InkUI's primitive views (`Text`, `VStack`, `Icon`, …) draw themselves.
///
/// Views are plain values. A `Renderer` turns a view tree into nodes once per frame, lays them out with
/// SwiftUI's rules on whole pixels and draws them into a `Frame`.
public protocol View: SendableMetatype {
    /// The type of view this view is made of.
    associatedtype Body: View

    /// The content of a composite view. Primitive views have `Never` as their body.
    @ViewBuilder var body: Body { get }

    /// Adds this view's render nodes to the tree under construction. InkUI's primitive views implement
    /// it; composite views keep the default, which lowers `body`.
    func _lower(into context: inout _LoweringContext)
}

extension View {
    public func _lower(into context: inout _LoweringContext) {
        body._lower(into: &context)
    }
}

extension Never: View {
    public typealias Body = Never

    /// `Never` has no content; it only ends the chain of bodies of primitive views.
    public var body: Never { fatalError("Never has no body") }
}

/// Primitive views draw themselves: reading their `body` is a programming error.
func primitiveBody(of type: Any.Type) -> Never {
    fatalError("\(type) is a primitive view and has no body")
}
