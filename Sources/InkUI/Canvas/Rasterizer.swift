/// A point in pixel space with sub-pixel precision, for vector shapes.
struct Point: Equatable {
    var x: Double
    var y: Double
}

/// Receives the pixel spans a shape covers.
protocol SpanSink {
    /// The rows the sink can paint; rasterising skips the others.
    var rows: Range<Int> { get }
    /// Paints pixels `[x0, x1)` of row `y`.
    func span(y: Int, from x0: Int, to x1: Int)
}

/// How overlapping contours of one polygon combine.
enum FillRule {
    case nonZero
    case evenOdd
}

/// Scan conversion for crisp one-bit output: a pixel belongs to a shape when its centre lies inside
/// (left and top edges inclusive, right and bottom exclusive), so shapes that share an edge neither
/// overlap nor leave a gap. No anti-aliasing: e-ink panels show whole pixels.
enum Rasterizer {
    /// Fills a polygon made of one or more closed contours. `contourEnds` holds the index one past each
    /// contour's last point; a single contour passes `[points.count]`.
    static func fillPolygon<Sink: SpanSink>(
        _ points: UnsafeBufferPointer<Point>, contourEnds: UnsafeBufferPointer<Int>, rule: FillRule, into sink: Sink
    ) {
        guard points.count >= 3 else { return }
        var minY = Double.infinity, maxY = -Double.infinity
        for point in points {
            guard point.x.isFinite, point.y.isFinite else { return }
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        let firstRow = max(sink.rows.lowerBound, pixelIndex(minY))
        let endRow = min(sink.rows.upperBound, pixelIndex(maxY))
        guard endRow > firstRow else { return }
        withUnsafeTemporaryAllocation(of: Crossing.self, capacity: points.count) { crossings in
            for row in firstRow..<endRow {
                let sampleY = Double(row) + 0.5
                var count = 0
                var start = 0
                for end in contourEnds {
                    guard end - start >= 2 else {
                        start = end
                        continue
                    }
                    var previous = points[end - 1]
                    for index in start..<end {
                        let current = points[index]
                        if previous.y != current.y {
                            let low = min(previous.y, current.y), high = max(previous.y, current.y)
                            if sampleY >= low, sampleY < high {
                                let t = (sampleY - previous.y) / (current.y - previous.y)
                                crossings[count] = Crossing(
                                    x: previous.x + t * (current.x - previous.x),
                                    winding: current.y > previous.y ? 1 : -1)
                                count += 1
                            }
                        }
                        previous = current
                    }
                    start = end
                }
                guard count >= 2 else { continue }
                sortByX(crossings, count: count)
                var winding = 0
                for index in 0..<(count - 1) {
                    winding += Int(crossings[index].winding)
                    let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                    if inside {
                        let x0 = pixelIndex(crossings[index].x), x1 = pixelIndex(crossings[index + 1].x)
                        if x1 > x0 { sink.span(y: row, from: x0, to: x1) }
                    }
                }
            }
        }
    }

    /// Fills one convex or concave contour given as a short list of points.
    static func fillContour<Sink: SpanSink>(_ points: [Point], into sink: Sink) {
        points.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { ends in
                ends[0] = buffer.count
                fillPolygon(buffer, contourEnds: UnsafeBufferPointer(ends), rule: .nonZero, into: sink)
            }
        }
    }

    /// Fills a disc.
    static func fillCircle<Sink: SpanSink>(center: Point, radius: Double, into sink: Sink) {
        fillRing(center: center, outerRadius: radius, innerRadius: 0, into: sink)
    }

    /// Fills the area between two concentric circles (a disc when `innerRadius` is zero).
    static func fillRing<Sink: SpanSink>(center: Point, outerRadius: Double, innerRadius: Double, into sink: Sink) {
        guard center.x.isFinite, center.y.isFinite, outerRadius.isFinite, outerRadius > 0 else { return }
        let firstRow = max(sink.rows.lowerBound, pixelIndex(center.y - outerRadius))
        let endRow = min(sink.rows.upperBound, pixelIndex(center.y + outerRadius))
        guard endRow > firstRow else { return }
        for row in firstRow..<endRow {
            let dy = Double(row) + 0.5 - center.y
            let outerSquared = outerRadius * outerRadius - dy * dy
            guard outerSquared > 0 else { continue }
            let outer = outerSquared.squareRoot()
            let x0 = pixelIndex(center.x - outer), x1 = pixelIndex(center.x + outer)
            let innerSquared = innerRadius * innerRadius - dy * dy
            if innerRadius > 0, innerSquared > 0 {
                let inner = innerSquared.squareRoot()
                let i0 = pixelIndex(center.x - inner), i1 = pixelIndex(center.x + inner)
                if i0 > x0 { sink.span(y: row, from: x0, to: i0) }
                if x1 > i1 { sink.span(y: row, from: i1, to: x1) }
            } else if x1 > x0 {
                sink.span(y: row, from: x0, to: x1)
            }
        }
    }

    /// Fills a rectangle with quarter-circle corners; with `innerInset` > 0 only its outline that wide
    /// (the inner edge is the same shape shrunk by the inset).
    static func fillRoundedRect<Sink: SpanSink>(
        minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double, innerInset: Double, into sink: Sink
    ) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else { return }
        let radius = max(0, min(radius, (maxX - minX) / 2, (maxY - minY) / 2))
        let firstRow = max(sink.rows.lowerBound, pixelIndex(minY))
        let endRow = min(sink.rows.upperBound, pixelIndex(maxY))
        guard endRow > firstRow else { return }
        let hasHole = innerInset > 0 && maxX - minX > 2 * innerInset && maxY - minY > 2 * innerInset
        for row in firstRow..<endRow {
            let y = Double(row) + 0.5
            let outer = cornerInset(y: y, minY: minY, maxY: maxY, radius: radius)
            let x0 = pixelIndex(minX + outer), x1 = pixelIndex(maxX - outer)
            guard x1 > x0 else { continue }
            if hasHole, y >= minY + innerInset, y < maxY - innerInset {
                let innerRadius = max(0, radius - innerInset)
                let inner = cornerInset(y: y, minY: minY + innerInset, maxY: maxY - innerInset, radius: innerRadius)
                let i0 = pixelIndex(minX + innerInset + inner), i1 = pixelIndex(maxX - innerInset - inner)
                if i0 > x0 { sink.span(y: row, from: x0, to: min(i0, x1)) }
                if x1 > i1 { sink.span(y: row, from: max(i1, x0), to: x1) }
            } else {
                sink.span(y: row, from: x0, to: x1)
            }
        }
    }

    /// How far a rounded rectangle's edge lies inside its bounding box on a row.
    private static func cornerInset(y: Double, minY: Double, maxY: Double, radius: Double) -> Double {
        guard radius > 0 else { return 0 }
        let dy: Double
        if y < minY + radius {
            dy = minY + radius - y
        } else if y > maxY - radius {
            dy = y - (maxY - radius)
        } else {
            return 0
        }
        return radius - max(0, radius * radius - dy * dy).squareRoot()
    }

    /// A straight stroke of `width` pixels from `a` to `b`, with round caps when `roundCaps` is set
    /// (joins of a polyline then come out round too).
    static func strokeSegment<Sink: SpanSink>(from a: Point, to b: Point, width: Double, roundCaps: Bool, into sink: Sink) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, width.isFinite, width > 0 else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let half = width / 2
        if length > 0 {
            let nx = -dy / length * half, ny = dx / length * half
            withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { quad in
                quad[0] = Point(x: a.x + nx, y: a.y + ny)
                quad[1] = Point(x: b.x + nx, y: b.y + ny)
                quad[2] = Point(x: b.x - nx, y: b.y - ny)
                quad[3] = Point(x: a.x - nx, y: a.y - ny)
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { ends in
                    ends[0] = 4
                    fillPolygon(UnsafeBufferPointer(quad), contourEnds: UnsafeBufferPointer(ends), rule: .nonZero, into: sink)
                }
            }
        }
        if roundCaps || length == 0 {
            fillCircle(center: a, radius: half, into: sink)
            fillCircle(center: b, radius: half, into: sink)
        }
    }

    /// The first pixel whose centre lies at or after `coordinate`, clamped far outside any frame so absurd
    /// input can never overflow.
    @inline(__always)
    static func pixelIndex(_ coordinate: Double) -> Int {
        guard coordinate.isFinite else { return coordinate > 0 ? 1 << 30 : -(1 << 30) }
        let value = (coordinate - 0.5).rounded(.up)
        return Int(min(max(value, -1_073_741_824), 1_073_741_824))
    }

    private struct Crossing {
        var x: Double
        var winding: Int8
    }

    private static func sortByX(_ crossings: UnsafeMutableBufferPointer<Crossing>, count: Int) {
        guard count > 1 else { return }
        for index in 1..<count {
            let item = crossings[index]
            var position = index
            while position > 0, crossings[position - 1].x > item.x {
                crossings[position] = crossings[position - 1]
                position -= 1
            }
            crossings[position] = item
        }
    }
}
