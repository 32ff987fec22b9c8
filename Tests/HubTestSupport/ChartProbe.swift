public import InkUI

/// A chart's box found in a rendered frame, to ask whether it has ink at a moment of its span: how
/// tests check that a gap in the readings stays blank on the panel.
public struct ChartProbe {
    /// The box's edges: its top and bottom borders are black runs across most of the frame's width.
    public let box: PixelRect
    private let frame: Frame

    /// The first such box at or below row `top` whose runs start past column `left` (a header's divider
    /// starts at the padding, a chart's box after its value labels); `nil` when there is none.
    public init?(in frame: Frame, below top: Int = 0, startingPast left: Int = 15) {
        func run(_ y: Int) -> (start: Int, end: Int)? {
            let inked = (0..<frame.size.width).filter { x in frame[x, y] == .black }
            guard let first = inked.first, let last = inked.last, first > left, inked.count > frame.size.width * 3 / 5 else { return nil }
            return (first, last)
        }
        guard let upper = (top..<frame.size.height).first(where: { run($0) != nil }), let (start, end) = run(upper),
            let lower = (upper + 10..<frame.size.height).first(where: { run($0) != nil })
        else { return nil }
        box = PixelRect(x: start, y: upper, width: end - start, height: lower - upper)
        self.frame = frame
    }

    /// Whether the column at `fraction` of the box's width (0 its left edge, 1 its right) has a black
    /// pixel inside the box, its borders left out.
    public func isInked(at fraction: Double) -> Bool {
        let x = box.origin.x + Int(fraction * Double(box.size.width))
        let rows = (box.origin.y + 2)..<(box.origin.y + box.size.height - 2)
        return rows.contains { y in frame[x, y] == .black }
    }
}
