/// One of two views, chosen by an `if`/`else` or a `switch` in a view builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        switch storage {
        case .trueContent(let content): content._lower(into: &context)
        case .falseContent(let content): content._lower(into: &context)
        }
    }
}

/// An optional view shows nothing when it is `nil` (an `if` without `else`, or `if let`).
extension Optional: View where Wrapped: View {
    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        if let view = self { view._lower(into: &context) }
    }
}
