#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws symbol designs into a square one-bit mask. Designs are written in unit coordinates (0…1, y
/// down) and scaled to the mask, optionally turned about the centre. Shapes either add ink or cut it
/// out again (`erase`), which is how outlines, gaps between overlapping parts and holes are made.
///
/// Stroke widths are rounded to whole pixels (at least one) so lines look the same all along; below
/// 24 pixels designs switch to simpler variants (`compact`) where detail would turn to mush.
struct SymbolPainter {
    let bits: UnsafeMutablePointer<UInt8>
    let pitch: Int
    let size: Int
    private let scale: Double
    private let cosine: Double
    private let sine: Double

    /// Whether the mask is small enough for the simplified variants.
    var compact: Bool { size < 24 }

    init(bits: UnsafeMutablePointer<UInt8>, pitch: Int, size: Int, rotationDegrees: Double) {
        self.bits = bits
        self.pitch = pitch
        self.size = size
        self.scale = Double(size)
        let radians = rotationDegrees * .pi / 180
        self.cosine = cos(radians)
        self.sine = sin(radians)
    }

    private func sink(_ erase: Bool) -> MaskSink {
        MaskSink(bits: bits, pitch: pitch, width: size, height: size, set: !erase)
    }

    /// A unit point in mask pixels.
    private func point(_ x: Double, _ y: Double) -> Point {
        let dx = x - 0.5, dy = y - 0.5
        return Point(x: (0.5 + dx * cosine - dy * sine) * scale, y: (0.5 + dx * sine + dy * cosine) * scale)
    }

    /// A stroke width in whole pixels.
    func strokeWidth(_ width: Double) -> Double {
        max(1, (width * scale).rounded())
    }

    /// A stroke width in unit coordinates, rounded like `strokeWidth`.
    func unitStroke(_ width: Double) -> Double {
        strokeWidth(width) / scale
    }

    // MARK: Shapes

    /// A disc; tiny discs keep at least a pixel.
    func disc(_ x: Double, _ y: Double, _ radius: Double, erase: Bool = false) {
        Rasterizer.fillCircle(center: point(x, y), radius: max(radius * scale, 0.75), into: sink(erase))
    }

    /// A circle outline of `width`, centred on `radius`.
    func ring(_ x: Double, _ y: Double, _ radius: Double, width: Double, erase: Bool = false) {
        let half = strokeWidth(width) / 2
        Rasterizer.fillRing(center: point(x, y), outerRadius: radius * scale + half, innerRadius: radius * scale - half, into: sink(erase))
    }

    /// A straight stroke with round ends.
    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double, erase: Bool = false) {
        Rasterizer.strokeSegment(from: point(x0, y0), to: point(x1, y1), width: strokeWidth(width), roundCaps: true, into: sink(erase))
    }

    /// Connected strokes with round joins.
    func polyline(_ points: [(Double, Double)], width: Double, closed: Bool = false, erase: Bool = false) {
        guard points.count > 1 else { return }
        let count = closed ? points.count : points.count - 1
        for index in 0..<count {
            let a = points[index], b = points[(index + 1) % points.count]
            line(a.0, a.1, b.0, b.1, width: width, erase: erase)
        }
    }

    /// A bar of `radius` with round ends (exact radius, not rounded like strokes).
    func capsule(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double, erase: Bool = false) {
        Rasterizer.strokeSegment(
            from: point(x0, y0), to: point(x1, y1), width: max(radius * 2 * scale, 1), roundCaps: true, into: sink(erase))
    }

    /// A filled polygon.
    func polygon(_ points: [(Double, Double)], erase: Bool = false) {
        Rasterizer.fillContour(points.map { point($0.0, $0.1) }, into: sink(erase))
    }

    /// An axis-aligned rectangle (before rotation).
    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, erase: Bool = false) {
        polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], erase: erase)
    }

    /// A rectangle with quarter-circle corners.
    func roundedRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double, erase: Bool = false) {
        polygon(SymbolPainter.roundedRectangle(x0, y0, x1, y1, radius: radius), erase: erase)
    }

    /// A stroke along a circle from `start` to `end` degrees (clockwise on screen, 0° pointing right),
    /// with round ends.
    func arc(_ x: Double, _ y: Double, _ radius: Double, from start: Double, to end: Double, width: Double, erase: Bool = false) {
        let half = unitStroke(width) / 2
        let steps = max(6, Int(abs(end - start) / 360 * radius * scale * 2))
        var outline: [(Double, Double)] = []
        for step in 0...steps {
            let angle = (start + (end - start) * Double(step) / Double(steps)) * .pi / 180
            outline.append((x + cos(angle) * (radius + half), y + sin(angle) * (radius + half)))
        }
        for step in (0...steps).reversed() {
            let angle = (start + (end - start) * Double(step) / Double(steps)) * .pi / 180
            outline.append((x + cos(angle) * (radius - half), y + sin(angle) * (radius - half)))
        }
        polygon(outline, erase: erase)
        for angle in [start, end] {
            let radians = angle * .pi / 180
            disc(x + cos(radians) * radius, y + sin(radians) * radius, half, erase: erase)
        }
    }

    /// The corner points of a rounded rectangle.
    static func roundedRectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double) -> [(Double, Double)] {
        let radius = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
        guard radius > 0 else { return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] }
        var points: [(Double, Double)] = []
        let corners = [(x1 - radius, y0 + radius, -90.0), (x1 - radius, y1 - radius, 0.0), (x0 + radius, y1 - radius, 90.0), (x0 + radius, y0 + radius, 180.0)]
        for (cx, cy, startAngle) in corners {
            for step in 0...6 {
                let angle = (startAngle + 15 * Double(step)) * .pi / 180
                points.append((cx + cos(angle) * radius, cy + sin(angle) * radius))
            }
        }
        return points
    }
}
