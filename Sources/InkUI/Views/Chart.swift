/// How a `Chart` draws its values.
public struct ChartStyle: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case line
        case bars
    }

    let kind: Kind
    let lineWidth: Int
    let spacing: Int

    /// A polyline through the values, `width` pixels thick with round joins; a lone value is a dot.
    public static func line(width: Int = 2) -> ChartStyle {
        ChartStyle(kind: .line, lineWidth: min(max(1, width), 64), spacing: 0)
    }

    /// A one-pixel line, for small trend charts next to a value.
    public static let sparkline = line(width: 1)

    /// A bar per value from zero (or from the bottom when zero is out of range), `spacing` pixels apart.
    public static func bars(spacing: Int = 1) -> ChartStyle {
        ChartStyle(kind: .bars, lineWidth: 1, spacing: min(max(0, spacing), 64))
    }

    /// A chart's ideal size (when offered none): 4 pixels per value, 32 pixels high.
    static let idealPixelsPerValue = 4
    static let idealHeight = 32
}

/// A line or bar chart of values in the foreground ink, filling the space it is offered. `nil`, NaN and
/// infinite values leave a gap. The vertical range is `minimum…maximum` when given (values outside are
/// clamped to the edges), otherwise the range of the finite values (for bars it includes zero).
public struct Chart: View {
    let values: [Double?]
    let style: ChartStyle
    let minimum: Double?
    let maximum: Double?

    /// A chart of values, left to right.
    public init(_ values: [Double?], style: ChartStyle = .line(), minimum: Double? = nil, maximum: Double? = nil) {
        self.values = values
        self.style = style
        self.minimum = minimum
        self.maximum = maximum
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let tree = context.tree
        let start = tree.chartValues.count
        for value in values {
            tree.chartValues.append(value.flatMap { $0.isFinite ? $0 : nil } ?? .nan)
        }
        var low = minimum.flatMap { $0.isFinite ? $0 : nil } ?? .nan
        var high = maximum.flatMap { $0.isFinite ? $0 : nil } ?? .nan
        if low > high { swap(&low, &high) }
        tree.append(
            .chart(
                ChartPayload(
                    valueStart: start, valueCount: values.count, style: style, minimum: low, maximum: high,
                    ink: context.environment.foregroundInk)))
    }
}
