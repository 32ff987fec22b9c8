/// Content whose every top-level node gets wrapped in one node (padding, frames, borders…). Applied to a
/// `Group` or `ForEach`, the modifier applies to each view, as in SwiftUI.
struct WrappedView<Content: View>: View {
    let content: Content
    let kind: NodeKind

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        let mark = context.tree.listTail
        content._lower(into: &context)
        context.tree.wrapEach(after: mark, kind)
    }
}

/// A change to InkUI's own environment values.
enum EnvironmentChange {
    case font(Font)
    case ink(Ink)
    case lineLimit(Int?)
    case textAlignment(TextAlignment)
    case redact(RedactionReasons)
    case unredact

    func apply(to environment: inout EnvironmentValues) {
        switch self {
        case .font(let font): environment.font = font
        case .ink(let ink): environment.foregroundInk = ink
        case .lineLimit(let limit): environment.lineLimit = limit
        case .textAlignment(let alignment): environment.multilineTextAlignment = alignment
        case .redact(let reasons): environment.redactionReasons.formUnion(reasons)
        case .unredact: environment.redactionReasons = []
        }
    }
}

/// Content lowered with a changed environment.
struct EnvironmentChangeView<Content: View>: View {
    let content: Content
    let change: EnvironmentChange

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        let saved = context.environment
        change.apply(to: &context.environment)
        content._lower(into: &context)
        context.environment = saved
    }
}

/// Content lowered with one environment value set through a key path.
struct EnvironmentKeyPathView<Content: View, Value>: View {
    let content: Content
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        let saved = context.environment
        context.environment[keyPath: keyPath] = value
        content._lower(into: &context)
        context.environment = saved
    }
}

/// Content whose top-level nodes get a layout priority.
struct LayoutPriorityView<Content: View>: View {
    let content: Content
    let priority: Double

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        let tree = context.tree
        let mark = tree.listTail
        content._lower(into: &context)
        tree.forEach(after: mark) { tree.nodes[$0].priority = priority }
    }
}

/// Content with an explicit alignment guide.
struct AlignmentGuideView<Content: View>: View {
    let content: Content
    let key: GuideKey
    let computeValue: (ViewDimensions) -> Int

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        let closure = context.tree.addGuideClosure(computeValue)
        let mark = context.tree.listTail
        content._lower(into: &context)
        context.tree.wrapEach(after: mark, .alignmentGuide(key: key, closure: closure))
    }
}

/// Content with secondary views behind it (background) or in front of it (overlay), sized to it.
struct SecondaryContentView<Content: View, Secondary: View>: View {
    let content: Content
    let secondary: Secondary
    let alignment: Alignment
    let inFront: Bool

    var body: Never { primitiveBody(of: Self.self) }

    func _lower(into context: inout _LoweringContext) {
        let tree = context.tree
        let mark = tree.listTail
        content._lower(into: &context)
        tree.wrapEach(after: mark) { _ in
            let first = context.lowerList(secondary, stackAxis: nil)
            let stack = tree.makeNode(.zStack(alignment), firstChild: first)
            return (.secondary(alignment: alignment, inFront: inFront), stack)
        }
    }
}
