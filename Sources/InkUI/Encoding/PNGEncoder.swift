import CZlib

/// Writes frames as PNG files in their own depth: one-bit greyscale for monochrome, two-bit greyscale
/// for four greys, a two-bit palette (white, black, red) for three-colour frames. Written by InkUI on
/// zlib's `compress2` and `crc32`.
public enum PNGEncoder {
    /// The PNG file for a frame.
    public static func encode(_ frame: Frame) throws(PNGError) -> [UInt8] {
        guard frame.size.width > 0, frame.size.height > 0 else {
            throw PNGError(code: .emptyFrame, detail: "\(frame.size)")
        }
        let (bitDepth, colorType, rowBytes): (UInt8, UInt8, Int) = switch frame.capability {
        case .monochrome: (1, 0, frame.bytesPerRow)
        case .grayscale4: (2, 0, frame.bytesPerRow)
        case .blackWhiteRed: (2, 3, (frame.size.width + 3) / 4)
        }
        var raw = [UInt8](repeating: 0, count: frame.size.height * (rowBytes + 1))
        frame.bytes.withUnsafeBufferPointer { planes in
            for row in 0..<frame.size.height {
                let target = row * (rowBytes + 1) + 1
                let source = row * frame.bytesPerRow
                switch frame.capability {
                case .monochrome, .grayscale4:
                    // PNG greyscale counts from black; frames count ink from white.
                    for column in 0..<rowBytes { raw[target + column] = ~planes[source + column] }
                case .blackWhiteRed:
                    for x in 0..<frame.size.width {
                        let mask: UInt8 = 0x80 >> UInt8(x % 8)
                        let red = planes[frame.planeByteCount + source + x / 8] & mask != 0
                        let black = planes[source + x / 8] & mask != 0
                        let index: UInt8 = red ? 2 : black ? 1 : 0
                        raw[target + x / 4] |= index << UInt8(6 - 2 * (x % 4))
                    }
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(frame.size.width))
        header.appendBigEndian(UInt32(frame.size.height))
        header += [bitDepth, colorType, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        if frame.capability == .blackWhiteRed {
            appendChunk("PLTE", [255, 255, 255, 0, 0, 0, 255, 0, 0], to: &png)
        }
        appendChunk("IDAT", try deflate(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func deflate(_ raw: [UInt8]) throws(PNGError) -> [UInt8] {
        var length = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        let status = compressed.withUnsafeMutableBufferPointer { target in
            raw.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 9)
            }
        }
        guard status == Z_OK else { throw PNGError(code: .compressionFailed, detail: "zlib status \(status)") }
        compressed.removeSubrange(Int(length)...)
        return compressed
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        png += typeAndData
        let checksum = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        png.appendBigEndian(UInt32(checksum))
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
