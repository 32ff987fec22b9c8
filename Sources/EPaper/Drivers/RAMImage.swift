import InkUI

/// Controller RAM bytes from frames: rows top to bottom, leftmost pixel in bit 7.
enum RAMImage {
    /// The bytes of a byte-aligned native window of a monochrome frame, with bit 1 = white (the SSD168x
    /// RAM format, and UC8179's with DDX = 01). `Frame` stores bit 1 = black, so every byte is inverted.
    static func whiteIsOne(_ frame: Frame, window: PixelRect) -> [UInt8] {
        precondition(frame.capability == .monochrome, "controller RAM holds one bit per pixel")
        precondition(window.minX % 8 == 0 && window.width % 8 == 0, "RAM windows are whole bytes")
        let firstByte = window.minX / 8
        let byteCount = window.width / 8
        var bytes = [UInt8]()
        bytes.reserveCapacity(byteCount * window.height)
        frame.bytes.withUnsafeBufferPointer { source in
            for y in window.minY..<window.maxY {
                let row = y * frame.bytesPerRow + firstByte
                for column in 0..<byteCount { bytes.append(~source[row + column]) }
            }
        }
        return bytes
    }
}
