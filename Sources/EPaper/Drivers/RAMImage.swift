import InkUI

/// Controller RAM bytes from frames: rows top to bottom, leftmost pixel in bit 7.
enum RAMImage {
    /// The black-and-white plane of a byte-aligned native window, with bit 1 = white (the SSD168x BW RAM,
    /// and UC8179's DTM1/DTM2 with DDX = 01). `Frame` stores bit 1 = black, so every byte is inverted. In a
    /// three-colour frame red pixels are white here: red wins over black, and white under red is the
    /// combination the vendors' "clear to red" routines use.
    static func whiteIsOne(_ frame: Frame, window: PixelRect) -> [UInt8] {
        precondition(frame.capability != .grayscale4, "controller RAM holds one bit per pixel and plane")
        let red = frame.capability == .blackWhiteRed ? frame.planeByteCount : nil
        return bytes(of: frame, in: window) { plane, index in ~plane[index] | (red.map { plane[$0 + index] } ?? 0) }
    }

    /// The red plane of a byte-aligned native window of a three-colour frame, with bit 1 = red (the
    /// SSD168x RED RAM with 0x21 reading it as is, and UC8179's DTM2 in KWR mode with DDX = 01).
    static func redIsOne(_ frame: Frame, window: PixelRect) -> [UInt8] {
        precondition(frame.capability == .blackWhiteRed, "only three-colour frames have a red plane")
        let red = frame.planeByteCount
        return bytes(of: frame, in: window) { plane, index in plane[red + index] }
    }

    /// One byte per whole RAM byte of `window`, read from the frame's bytes at the black plane's index.
    private static func bytes(of frame: Frame, in window: PixelRect, _ byte: (UnsafeBufferPointer<UInt8>, Int) -> UInt8) -> [UInt8] {
        precondition(window.minX % 8 == 0 && window.width % 8 == 0, "RAM windows are whole bytes")
        let firstByte = window.minX / 8
        let byteCount = window.width / 8
        var bytes = [UInt8]()
        bytes.reserveCapacity(byteCount * window.height)
        frame.bytes.withUnsafeBufferPointer { source in
            for y in window.minY..<window.maxY {
                let row = y * frame.bytesPerRow + firstByte
                for column in 0..<byteCount { bytes.append(byte(source, row + column)) }
            }
        }
        return bytes
    }
}
