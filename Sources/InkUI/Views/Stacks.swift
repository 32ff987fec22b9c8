/// The spacing stacks put between children when none is given, and the default minimum of `Spacer`.
let defaultStackSpacing = 8

/// Children one above the other, lined up on a horizontal guide, like SwiftUI's `VStack`.
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: Int?
    let content: Content

    /// A vertical stack; `spacing` defaults to 8 pixels between children.
    public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let first = context.lowerList(content, stackAxis: .vertical)
        context.tree.append(
            .stack(
                StackPayload(
                    axis: .vertical, spacing: ProposedSize.clampSigned(spacing ?? defaultStackSpacing),
                    alignment: GuideKey(axis: .horizontal, id: alignment.id))),
            firstChild: first)
    }
}

/// Children side by side, lined up on a vertical guide, like SwiftUI's `HStack`.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: Int?
    let content: Content

    /// A horizontal stack; `spacing` defaults to 8 pixels between children.
    public init(alignment: VerticalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let first = context.lowerList(content, stackAxis: .horizontal)
        context.tree.append(
            .stack(
                StackPayload(
                    axis: .horizontal, spacing: ProposedSize.clampSigned(spacing ?? defaultStackSpacing),
                    alignment: GuideKey(axis: .vertical, id: alignment.id))),
            firstChild: first)
    }
}

/// Children on top of each other (later ones in front), lined up on both guides, like SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content

    /// An overlay stack.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let first = context.lowerList(content, stackAxis: nil)
        context.tree.append(.zStack(alignment), firstChild: first)
    }
}
