/// A point on a panel, in whole pixels from the top-left corner.
public struct PixelPoint: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = PixelPoint(x: 0, y: 0)
}

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same area turned by a quarter: landscape becomes portrait.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle of pixels; `maxX` and `maxY` are exclusive.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var origin: PixelPoint
    public var size: PixelSize

    public init(origin: PixelPoint, size: PixelSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: PixelPoint(x: x, y: y), size: PixelSize(width: width, height: height))
    }

    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    public var maxX: Int { origin.x + size.width }
    public var maxY: Int { origin.y + size.height }
    public var width: Int { size.width }
    public var height: Int { size.height }
    public var isEmpty: Bool { size.isEmpty }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle widened horizontally to whole groups of `alignment` pixels (a controller's RAM byte).
    public func alignedHorizontally(to alignment: Int) -> PixelRect {
        let x0 = (minX / alignment) * alignment
        let x1 = ((maxX + alignment - 1) / alignment) * alignment
        return PixelRect(x: x0, y: minY, width: x1 - x0, height: height)
    }

    public var description: String { "\(width)×\(height)+\(minX)+\(minY)" }
}
