import CZlib

/// Reads PNG files back into frames: everything `PNGEncoder` writes exactly, and non-interlaced 8-bit
/// or smaller greyscale, palette, RGB and RGBA images (as tools save edited goldens) by mapping each
/// pixel to the nearest ink. The capability comes from the file: one-bit grey is monochrome, two-bit
/// grey is `grayscale4`, a palette holding red is `blackWhiteRed`; other images take the smallest
/// capability that holds their inks.
public enum PNGDecoder {
    /// The frame stored in a PNG file.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Frame {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw PNGError(code: .notPNG, detail: "the signature is missing")
        }
        var header: Header?
        var palette: [Ink] = []
        var paletteHasRed = false
        var compressed: [UInt8] = []
        var offset = 8
        var ended = false
        while offset + 12 <= bytes.count {
            let length = Int(bytes.readBigEndian(at: offset))
            let typeStart = offset + 4
            guard length <= bytes.count - typeStart - 8 else {
                throw PNGError(code: .corrupt, detail: "a chunk runs past the end of the file")
            }
            let type = String(decoding: bytes[typeStart..<typeStart + 4], as: UTF8.self)
            let data = bytes[(typeStart + 4)..<(typeStart + 4 + length)]
            let stored = bytes.readBigEndian(at: typeStart + 4 + length)
            let computed = bytes.withUnsafeBufferPointer { buffer in
                UInt32(crc32(0, buffer.baseAddress! + typeStart, uInt(length + 4)))
            }
            guard stored == computed else { throw PNGError(code: .corrupt, detail: "chunk \(type) fails its CRC check") }
            switch type {
            case "IHDR": header = try Header(data)
            case "PLTE":
                guard data.count % 3 == 0 else { throw PNGError(code: .corrupt, detail: "the palette length is not a multiple of 3") }
                var index = data.startIndex
                while index < data.endIndex {
                    let ink = InkMatcher.nearest(red: data[index], green: data[index + 1], blue: data[index + 2])
                    paletteHasRed = paletteHasRed || ink == .red
                    palette.append(ink)
                    index += 3
                }
            case "IDAT": compressed += data
            case "IEND": ended = true
            default: break
            }
            offset = typeStart + 8 + length
            if ended { break }
        }
        guard let header else { throw PNGError(code: .corrupt, detail: "the IHDR chunk is missing") }
        guard ended else { throw PNGError(code: .corrupt, detail: "the IEND chunk is missing") }
        let rows = try inflate(compressed, header: header)
        let inks = try header.inks(rows, palette: palette)
        let capability: ColorCapability
        switch (header.colorType, header.bitDepth) {
        case (0, 1): capability = .monochrome
        case (0, 2): capability = .grayscale4
        case (3, _) where paletteHasRed: capability = .blackWhiteRed
        default:
            if inks.contains(.red) {
                capability = .blackWhiteRed
            } else if inks.contains(.lightGray) || inks.contains(.darkGray) {
                capability = .grayscale4
            } else {
                capability = .monochrome
            }
        }
        var frame = Frame(size: PixelSize(width: header.width, height: header.height), capability: capability)
        for y in 0..<header.height {
            for x in 0..<header.width where inks[y * header.width + x] != .white {
                frame[x, y] = inks[y * header.width + x]
            }
        }
        return frame
    }

    /// Decompresses the image data and undoes each row's filter.
    private static func inflate(_ compressed: [UInt8], header: Header) throws(PNGError) -> [UInt8] {
        let rowBytes = header.rowBytes
        let expected = header.height * (rowBytes + 1)
        var raw = [UInt8](repeating: 0, count: expected)
        var length = uLongf(expected)
        let status = raw.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(length) == expected else {
            throw PNGError(code: .corrupt, detail: "the image data does not inflate to \(expected) bytes (zlib status \(status))")
        }
        let step = header.bytesPerPixel
        var rows = [UInt8](repeating: 0, count: header.height * rowBytes)
        for y in 0..<header.height {
            let filter = raw[y * (rowBytes + 1)]
            let source = y * (rowBytes + 1) + 1
            let target = y * rowBytes
            for x in 0..<rowBytes {
                let left = x >= step ? Int(rows[target + x - step]) : 0
                let up = y > 0 ? Int(rows[target - rowBytes + x]) : 0
                let upLeft = x >= step && y > 0 ? Int(rows[target - rowBytes + x - step]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4: predictor = paeth(left, up, upLeft)
                default: throw PNGError(code: .corrupt, detail: "row \(y) has unknown filter \(filter)")
                }
                rows[target + x] = UInt8(truncatingIfNeeded: Int(raw[source + x]) + predictor)
            }
        }
        return rows
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb, pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The IHDR fields this decoder uses.
    private struct Header {
        let width: Int
        let height: Int
        let bitDepth: Int
        let colorType: Int

        init(_ data: ArraySlice<UInt8>) throws(PNGError) {
            guard data.count == 13 else { throw PNGError(code: .corrupt, detail: "IHDR has \(data.count) bytes, not 13") }
            let bytes = Array(data)
            width = Int(bytes.readBigEndian(at: 0))
            height = Int(bytes.readBigEndian(at: 4))
            bitDepth = Int(bytes[8])
            colorType = Int(bytes[9])
            guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
                throw PNGError(code: .unsupported, detail: "\(width)×\(height) pixels")
            }
            guard bytes[12] == 0 else { throw PNGError(code: .unsupported, detail: "interlaced image") }
            let allowed: [Int: Set<Int>] = [0: [1, 2, 4, 8], 2: [8], 3: [1, 2, 4, 8], 4: [8], 6: [8]]
            guard let depths = allowed[colorType], depths.contains(bitDepth) else {
                throw PNGError(code: .unsupported, detail: "colour type \(colorType) at \(bitDepth) bits")
            }
        }

        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        }

        var rowBytes: Int { (width * channels * bitDepth + 7) / 8 }
        var bytesPerPixel: Int { max(1, channels * bitDepth / 8) }

        /// Every pixel's ink, row by row.
        func inks(_ rows: [UInt8], palette: [Ink]) throws(PNGError) -> [Ink] {
            var inks = [Ink](repeating: .white, count: width * height)
            let maximum = (1 << bitDepth) - 1
            for y in 0..<height {
                let row = y * rowBytes
                for x in 0..<width {
                    let ink: Ink
                    switch colorType {
                    case 0, 3:
                        let bit = x * bitDepth
                        let sample = (Int(rows[row + bit / 8]) >> (8 - bitDepth - bit % 8)) & maximum
                        if colorType == 3 {
                            guard sample < palette.count else {
                                throw PNGError(code: .corrupt, detail: "pixel (\(x), \(y)) uses palette entry \(sample) of \(palette.count)")
                            }
                            ink = palette[sample]
                        } else {
                            let level = UInt8(sample * 255 / maximum)
                            ink = InkMatcher.nearest(red: level, green: level, blue: level)
                        }
                    default:
                        let pixel = row + x * channels
                        let alpha = colorType == 4 || colorType == 6 ? Int(rows[pixel + channels - 1]) : 255
                        func overWhite(_ value: UInt8) -> UInt8 { UInt8((Int(value) * alpha + 255 * (255 - alpha)) / 255) }
                        if colorType == 4 {
                            let level = overWhite(rows[pixel])
                            ink = InkMatcher.nearest(red: level, green: level, blue: level)
                        } else {
                            ink = InkMatcher.nearest(red: overWhite(rows[pixel]), green: overWhite(rows[pixel + 1]), blue: overWhite(rows[pixel + 2]))
                        }
                    }
                    inks[y * width + x] = ink
                }
            }
            return inks
        }
    }
}

/// The ink nearest to a colour: strong reds are red, the rest goes by luminance into four levels.
enum InkMatcher {
    static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> Ink {
        let r = Int(red), g = Int(green), b = Int(blue)
        if r >= 160, g < 100, b < 100 { return .red }
        let luminance = (299 * r + 587 * g + 114 * b) / 1000
        switch luminance {
        case 213...: return .white
        case 128...: return .lightGray
        case 43...: return .darkGray
        default: return .black
        }
    }
}

extension [UInt8] {
    func readBigEndian(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
