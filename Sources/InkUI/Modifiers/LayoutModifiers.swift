extension View {
    /// Adds space around the view, `length` pixels on the chosen edges (8 when `nil`). Negative
    /// lengths pull neighbours in, as in SwiftUI.
    public func padding(_ edges: Edge.Set = .all, _ length: Int? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? defaultStackSpacing))
    }

    /// Adds `length` pixels on every edge.
    public func padding(_ length: Int) -> some View {
        padding(EdgeInsets(.all, length))
    }

    /// Adds different space on each edge.
    public func padding(_ insets: EdgeInsets) -> some View {
        let clamp = ProposedSize.clampSigned
        return WrappedView(
            content: self,
            kind: .padding(
                EdgeInsets(top: clamp(insets.top), leading: clamp(insets.leading), bottom: clamp(insets.bottom), trailing: clamp(insets.trailing))))
    }

    /// Gives the view a fixed width and/or height (the view inside is offered that size and placed by
    /// `alignment`). A negative length counts as zero.
    public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> some View {
        WrappedView(
            content: self,
            kind: .fixedFrame(width: width.map(ProposedSize.clamp), height: height.map(ProposedSize.clamp), alignment: alignment))
    }

    /// Bounds the view's size: the frame takes the offered size clamped to the bounds, or hugs the view
    /// where no bound says otherwise. `.frame(maxWidth: .infinity)` takes all the width offered.
    public func frame(
        minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
        minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
        alignment: Alignment = .center
    ) -> some View {
        WrappedView(
            content: self,
            kind: .flexibleFrame(
                FlexibleFramePayload(
                    minWidth: minWidth.map(ProposedSize.clamp), idealWidth: idealWidth.map(ProposedSize.clamp),
                    maxWidth: maxWidth.map(ProposedSize.clamp), minHeight: minHeight.map(ProposedSize.clamp),
                    idealHeight: idealHeight.map(ProposedSize.clamp), maxHeight: maxHeight.map(ProposedSize.clamp),
                    alignment: alignment)))
    }

    /// Lets the view take its ideal size on both axes, whatever it is offered.
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Lets the view take its ideal size on the chosen axes.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        WrappedView(content: self, kind: .fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// Serves this view before siblings of lower priority when its stack divides room (default 0).
    public func layoutPriority(_ priority: Double) -> some View {
        LayoutPriorityView(content: self, priority: priority.isFinite ? priority : 0)
    }

    /// Moves a horizontal guide of the view, for stacks and frames that line up on it.
    public func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> Int) -> some View {
        AlignmentGuideView(content: self, key: GuideKey(axis: .horizontal, id: guide.id), computeValue: computeValue)
    }

    /// Moves a vertical guide of the view, for stacks and frames that line up on it.
    public func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> Int) -> some View {
        AlignmentGuideView(content: self, key: GuideKey(axis: .vertical, id: guide.id), computeValue: computeValue)
    }

    /// Draws the view shifted, without changing the layout around it.
    public func offset(x: Int = 0, y: Int = 0) -> some View {
        WrappedView(content: self, kind: .offset(x: ProposedSize.clampSigned(x), y: ProposedSize.clampSigned(y)))
    }
}
