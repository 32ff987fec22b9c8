import EPaper
import InkUI

/// Frames with content that shows up any mistake in orientation, polarity or windows.
enum TestFrames {
    /// An asymmetric picture: a solid 10×4 bar in the top-left corner, a 3-pixel frame line on the left
    /// edge, and pseudo-random blocks that depend on `seed`. A three-colour picture also has pseudo-random
    /// red blocks, some over black ones, and a red 2×2 square inside the top-left bar.
    static func pattern(_ size: PixelSize, seed: Int, capability: ColorCapability = .monochrome) -> Frame {
        var frame = Frame(size: size, capability: capability)
        frame.fill(PixelRect(x: 0, y: 0, width: 10, height: 4), with: .black)
        frame.fill(PixelRect(x: 0, y: 0, width: 3, height: size.height), with: .black)
        var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 12345)
        func nextBlock() -> PixelPoint {
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = Int(state >> 8) % max(1, size.width - 12)
            state = state &* 1_664_525 &+ 1_013_904_223
            let y = Int(state >> 8) % max(1, size.height - 12)
            return PixelPoint(x: x + 5, y: y + 5)
        }
        for _ in 0..<40 { frame.fill(PixelRect(origin: nextBlock(), size: PixelSize(width: 7, height: 5)), with: .black) }
        if capability == .blackWhiteRed {
            frame.fill(PixelRect(x: 5, y: 1, width: 2, height: 2), with: .red)
            for _ in 0..<25 { frame.fill(PixelRect(origin: nextBlock(), size: PixelSize(width: 5, height: 6)), with: .red) }
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
        var native = Frame(size: nativeSize, capability: frame.capability)
        for y in 0..<h {
            for x in 0..<w where frame[x, y] != .white {
                let ink = frame[x, y]
                switch rotation {
                case .none: native[x, y] = ink
                case .quarter: native[h - 1 - y, x] = ink
                case .half: native[w - 1 - x, h - 1 - y] = ink
                case .threeQuarters: native[y, w - 1 - x] = ink
                }
            }
        }
        return native
    }
}
