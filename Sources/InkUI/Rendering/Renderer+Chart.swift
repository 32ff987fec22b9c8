/// Drawing charts: values scaled into the node's rectangle, gaps where values are missing.
extension Renderer {
    func drawChart(_ chart: ChartPayload, in frame: PixelRect, on canvas: Canvas) {
        let count = chart.valueCount
        guard count > 0, frame.width > 0, frame.height > 0 else { return }
        let values = tree.chartValues.base + chart.valueStart
        var low = chart.minimum, high = chart.maximum
        if low.isNaN || high.isNaN {
            var smallest = Double.infinity, largest = -Double.infinity
            for index in 0..<count where !values[index].isNaN {
                smallest = min(smallest, values[index])
                largest = max(largest, values[index])
            }
            guard smallest <= largest else { return }
            if low.isNaN { low = chart.style.kind == .bars ? min(smallest, 0) : smallest }
            if high.isNaN { high = chart.style.kind == .bars ? max(largest, 0) : largest }
            if low > high { swap(&low, &high) }
        }
        let scale = ChartScale(low: low, high: high)
        switch chart.style.kind {
        case .line:
            drawLine(values, count: count, scale: scale, width: chart.style.lineWidth, ink: chart.ink, in: frame, on: canvas)
        case .bars:
            drawBars(values, count: count, scale: scale, spacing: chart.style.spacing, ink: chart.ink, in: frame, on: canvas)
        }
    }

    private func drawLine(
        _ values: UnsafeMutablePointer<Double>, count: Int, scale: ChartScale, width: Int, ink: Ink, in frame: PixelRect,
        on canvas: Canvas
    ) {
        let sink = CanvasSink(canvas: canvas, ink: ink, area: false)
        let lineWidth = Double(min(width, frame.width, frame.height))
        let half = lineWidth / 2
        let usableWidth = Double(frame.width) - lineWidth, usableHeight = Double(frame.height) - lineWidth
        func point(_ index: Int) -> Point {
            let x = count == 1 ? Double(frame.width) / 2 : half + usableWidth * Double(index) / Double(count - 1)
            return Point(x: Double(frame.minX) + x, y: Double(frame.maxY) - half - usableHeight * scale.fraction(values[index]))
        }
        for index in 0..<count where !values[index].isNaN {
            let hasNext = index + 1 < count && !values[index + 1].isNaN
            let hasPrevious = index > 0 && !values[index - 1].isNaN
            if hasNext {
                Rasterizer.strokeSegment(from: point(index), to: point(index + 1), width: lineWidth, roundCaps: true, into: sink)
            } else if !hasPrevious {
                Rasterizer.fillCircle(center: point(index), radius: max(lineWidth, 2) / 2 + 0.5, into: sink)
            }
        }
    }

    private func drawBars(
        _ values: UnsafeMutablePointer<Double>, count: Int, scale: ChartScale, spacing: Int, ink: Ink, in frame: PixelRect,
        on canvas: Canvas
    ) {
        let spacing = frame.width >= count * (spacing + 1) ? spacing : 0
        let height = Double(frame.height)
        let zero = Int((height * scale.fraction(0)).rounded())
        for index in 0..<count where !values[index].isNaN {
            let x0 = frame.minX + index * (frame.width + spacing) / count
            let x1 = max(x0 + 1, frame.minX + (index + 1) * (frame.width + spacing) / count - spacing)
            let level = Int((height * scale.fraction(values[index])).rounded())
            var top = frame.maxY - max(level, zero), bottom = frame.maxY - min(level, zero)
            if bottom - top < 1 {
                // A value at the baseline still shows as a one-pixel tick, unlike a gap.
                top = max(frame.minY, bottom - 1)
                bottom = top + 1
            }
            canvas.fill(PixelRect(x: x0, y: top, width: x1 - x0, height: bottom - top), ink: ink, area: true)
        }
    }
}

/// Maps values between `low` and `high` to 0…1, clamping values outside, without overflowing on
/// absurd ranges.
struct ChartScale {
    let low: Double
    let high: Double

    func fraction(_ value: Double) -> Double {
        guard high > low else { return 0.5 }
        // Halving first keeps the span finite even for ±Double.greatestFiniteMagnitude.
        let fraction = (value / 2 - low / 2) / (high / 2 - low / 2)
        guard fraction.isFinite else { return value > low ? 1 : 0 }
        return min(max(fraction, 0), 1)
    }
}
