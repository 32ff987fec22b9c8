/// Maps frames and rectangles between the logical orientation frames arrive in and the panel's native
/// RAM layout.
///
/// A rotation of 90 turns the logical image clockwise: logical (x, y) lands on native
/// (logicalHeight − 1 − y, x); 180 on (w − 1 − x, h − 1 − y); 270 on (y, logicalWidth − 1 − x).
public struct PanelOrientation: Sendable, Hashable {
    /// The panel's size as its RAM is laid out.
    public let nativeSize: PixelSize
    /// How frames are turned to the native layout.
    public let rotation: PanelRotation

    /// An orientation for a panel of `nativeSize`.
    public init(nativeSize: PixelSize, rotation: PanelRotation) {
        self.nativeSize = nativeSize
        self.rotation = rotation
    }

    /// The size frames must have.
    public var logicalSize: PixelSize { rotation.swapsAxes ? nativeSize.transposed : nativeSize }

    /// Where a logical pixel lands in native coordinates.
    public func nativePoint(x: Int, y: Int) -> PixelPoint {
        let logical = logicalSize
        switch rotation {
        case .none: return PixelPoint(x: x, y: y)
        case .quarter: return PixelPoint(x: logical.height - 1 - y, y: x)
        case .half: return PixelPoint(x: logical.width - 1 - x, y: logical.height - 1 - y)
        case .threeQuarters: return PixelPoint(x: y, y: logical.width - 1 - x)
        }
    }

    /// The native rectangle covering a logical one.
    public func nativeRect(for rect: PixelRect) -> PixelRect {
        let logical = logicalSize
        switch rotation {
        case .none:
            return rect
        case .quarter:
            return PixelRect(x: logical.height - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .half:
            return PixelRect(x: logical.width - rect.maxX, y: logical.height - rect.maxY, width: rect.width, height: rect.height)
        case .threeQuarters:
            return PixelRect(x: rect.minY, y: logical.width - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// The logical rectangle covering a native one (the inverse of `nativeRect(for:)`).
    public func logicalRect(for rect: PixelRect) -> PixelRect {
        let inverse = PanelOrientation(nativeSize: logicalSize, rotation: inverseRotation)
        return inverse.nativeRect(for: rect)
    }

    /// A logical frame redrawn in the native layout.
    public func nativeFrame(_ frame: Frame) -> Frame {
        precondition(frame.size == logicalSize, "frame \(frame.size) does not match the panel's \(logicalSize)")
        if rotation == .none { return frame }
        var native = Frame(size: nativeSize, capability: frame.capability)
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let ink = frame[x, y]
                if ink != .white {
                    let point = nativePoint(x: x, y: y)
                    native[point.x, point.y] = ink
                }
            }
        }
        return native
    }

    private var inverseRotation: PanelRotation {
        switch rotation {
        case .none: .none
        case .quarter: .threeQuarters
        case .half: .half
        case .threeQuarters: .quarter
        }
    }
}
