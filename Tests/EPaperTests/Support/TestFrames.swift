import EPaper
import InkUI

/// Frames with content that shows up any mistake in orientation, polarity or windows.
enum TestFrames {
    /// An asymmetric picture: a solid 10×4 bar in the top-left corner, a 3-pixel frame line on the left
    /// edge, and pseudo-random blocks that depend on `seed`.
    static func pattern(_ size: PixelSize, seed: Int) -> Frame {
        var frame = Frame(size: size, capability: .monochrome)
        frame.fill(PixelRect(x: 0, y: 0, width: 10, height: 4), with: .black)
        frame.fill(PixelRect(x: 0, y: 0, width: 3, height: size.height), with: .black)
        var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 12345)
        for _ in 0..<40 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = Int(state >> 8) % max(1, size.width - 12)
            state = state &* 1_664_525 &+ 1_013_904_223
            let y = Int(state >> 8) % max(1, size.height - 12)
            frame.fill(PixelRect(x: x + 5, y: y + 5, width: 7, height: 5), with: .black)
        }
        return frame
    }

    /// `frame` with one rectangle changed (inked when it was white and the other way round).
    static func changing(_ frame: Frame, in rect: PixelRect) -> Frame {
        var changed = frame
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX { changed[x, y] = frame[x, y] == .black ? .white : .black }
        }
        return changed
    }

    /// What the panel RAM should show for a logical frame, computed pixel by pixel from the rotation's
    /// definition (the logical image turned clockwise), independently of the driver's code.
    static func expectedNative(_ frame: Frame, rotation: PanelRotation) -> Frame {
        let w = frame.size.width, h = frame.size.height
        let nativeSize = rotation.swapsAxes ? PixelSize(width: h, height: w) : frame.size
        var native = Frame(size: nativeSize, capability: .monochrome)
        for y in 0..<h {
            for x in 0..<w where frame[x, y] == .black {
                switch rotation {
                case .none: native[x, y] = .black
                case .quarter: native[h - 1 - y, x] = .black
                case .half: native[w - 1 - x, h - 1 - y] = .black
                case .threeQuarters: native[y, w - 1 - x] = .black
                }
            }
        }
        return native
    }
}
