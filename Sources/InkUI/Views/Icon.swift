/// A vector symbol drawn by InkUI, square, in the foreground ink. Its size defaults to the pixel size of
/// the environment's font, so icons next to text match it.
public struct Icon: View {
    let symbol: Symbol
    let size: Int?
    let rotation: Angle

    /// A symbol `size` pixels square (the font size when `nil`), turned clockwise by `rotation`
    /// (for the wind arrow, which points up at zero).
    public init(_ symbol: Symbol, size: Int? = nil, rotation: Angle = .zero) {
        self.symbol = symbol
        self.size = size
        self.rotation = rotation
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        let environment = context.environment
        context.tree.append(
            .icon(
                IconPayload(
                    symbol: symbol, size: min(max(0, size ?? environment.font.pixelSize), 1024),
                    rotationDegrees: rotation.degrees.isFinite ? rotation.degrees : 0,
                    ink: environment.foregroundInk,
                    redacted: environment.redactionReasons.contains(.placeholder))))
    }
}
