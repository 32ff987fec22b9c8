/// Paints rasterised spans onto a canvas in one ink.
struct CanvasSink: SpanSink {
    let canvas: Canvas
    let ink: Ink
    /// Areas dither grey on one-bit panels; marks (lines, strokes) do not.
    let area: Bool

    var rows: Range<Int> { canvas.clip.minY..<max(canvas.clip.minY, canvas.clip.maxY) }

    func span(y: Int, from x0: Int, to x1: Int) {
        canvas.fillSpan(y: y, from: x0, to: x1, ink: ink, area: area)
    }
}

/// Sets or clears spans of a one-bit mask (used to compose icons before they are cached and blitted).
struct MaskSink: SpanSink {
    let bits: UnsafeMutablePointer<UInt8>
    let pitch: Int
    let width: Int
    let height: Int
    /// `true` adds the shape to the mask, `false` cuts it out.
    let set: Bool

    var rows: Range<Int> { 0..<height }

    func span(y: Int, from x0: Int, to x1: Int) {
        let start = max(0, x0), end = min(width, x1)
        guard y >= 0, y < height, end > start else { return }
        BitRow.fill(bits + y * pitch, from: start, to: end, with: set ? 0xFF : 0x00)
    }
}
