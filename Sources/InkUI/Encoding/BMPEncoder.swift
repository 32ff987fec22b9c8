/// Writes one-bit frames as Windows bitmaps (BITMAPINFOHEADER, 1 bit per pixel, two palette entries:
/// index 0 black, index 1 white, rows bottom-up and padded to four bytes): the format TRMNL's firmware
/// decodes on every version (docs/trmnl-protocol.md). An 800×480 frame is 48,062 bytes.
public enum BMPEncoder {
    /// The bitmap of a monochrome frame.
    public static func encode(_ frame: Frame) -> [UInt8] {
        precondition(frame.capability == .monochrome, "BMPEncoder writes one-bit frames")
        let width = frame.size.width, height = frame.size.height
        let rowBytes = (width + 31) / 32 * 4
        let pixelOffset = 14 + 40 + 8
        let fileSize = pixelOffset + rowBytes * height
        var bmp: [UInt8] = []
        bmp.reserveCapacity(fileSize)
        bmp += Array("BM".utf8)
        bmp.appendLittleEndian(UInt32(fileSize))
        bmp.appendLittleEndian(UInt32(0))
        bmp.appendLittleEndian(UInt32(pixelOffset))
        bmp.appendLittleEndian(UInt32(40))
        bmp.appendLittleEndian(UInt32(width))
        bmp.appendLittleEndian(UInt32(height))
        bmp.appendLittleEndian(UInt16(1))
        bmp.appendLittleEndian(UInt16(1))
        bmp.appendLittleEndian(UInt32(0))
        bmp.appendLittleEndian(UInt32(rowBytes * height))
        bmp.appendLittleEndian(UInt32(2835))
        bmp.appendLittleEndian(UInt32(2835))
        bmp.appendLittleEndian(UInt32(2))
        bmp.appendLittleEndian(UInt32(2))
        bmp += [0, 0, 0, 0, 255, 255, 255, 0]
        frame.bytes.withUnsafeBufferPointer { plane in
            for row in stride(from: height - 1, through: 0, by: -1) {
                let start = row * frame.bytesPerRow
                // Frames set a bit for ink (black); here a set bit is palette index 1, white.
                for column in 0..<rowBytes {
                    bmp.append(column < frame.bytesPerRow ? ~plane[start + column] : 0)
                }
            }
        }
        return bmp
    }
}

extension [UInt8] {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}
