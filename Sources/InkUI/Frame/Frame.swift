/// The inks a panel can show. It decides a frame's pixel format.
public enum ColorCapability: String, Sendable, Hashable, Codable, CaseIterable {
    /// One bit per pixel: black or white.
    case monochrome
    /// Two bits per pixel: white, light grey, dark grey, black.
    case grayscale4
    /// Two one-bit planes: black, and red on top of it.
    case blackWhiteRed
}

/// One pixel's ink.
public enum Ink: UInt8, Sendable, Hashable, CaseIterable {
    case white = 0
    case lightGray = 1
    case darkGray = 2
    case black = 3
    case red = 4
}

/// A panel image in the layout e-paper controllers use: rows top to bottom, the leftmost pixel in the
/// most significant bits of each byte, each row padded to whole bytes.
///
/// - `monochrome`: one plane, bit 1 = black.
/// - `grayscale4`: one plane of 2-bit pixels, 0 = white … 3 = black.
/// - `blackWhiteRed`: plane 0 holds black (bit 1 = black), plane 1 red (bit 1 = red, wins over black).
///
/// Drivers turn this into their controller's polarity and rotation; widgets never see it.
public struct Frame: Sendable, Hashable {
    public let size: PixelSize
    public let capability: ColorCapability
    /// Bytes in one row of one plane.
    public let bytesPerRow: Int
    /// All planes, one after the other, each `bytesPerRow * size.height` bytes.
    public private(set) var bytes: [UInt8]

    /// A frame of the given size filled with one ink.
    public init(size: PixelSize, capability: ColorCapability, fill: Ink = .white) {
        precondition(size.width >= 0 && size.height >= 0, "a frame cannot have a negative size")
        self.size = size
        self.capability = capability
        self.bytesPerRow = Frame.bytesPerRow(width: size.width, capability: capability)
        self.bytes = [UInt8](repeating: 0, count: bytesPerRow * size.height * Frame.planeCount(capability))
        if fill != .white { self.fill(PixelRect(origin: .zero, size: size), with: fill) }
    }

    /// A frame over existing plane bytes; `nil` when the byte count does not match the size.
    public init?(size: PixelSize, capability: ColorCapability, bytes: [UInt8]) {
        let perRow = Frame.bytesPerRow(width: size.width, capability: capability)
        guard size.width >= 0, size.height >= 0,
            bytes.count == perRow * size.height * Frame.planeCount(capability)
        else { return nil }
        self.size = size
        self.capability = capability
        self.bytesPerRow = perRow
        self.bytes = bytes
    }

    public static func bytesPerRow(width: Int, capability: ColorCapability) -> Int {
        switch capability {
        case .monochrome, .blackWhiteRed: (width + 7) / 8
        case .grayscale4: (width + 3) / 4
        }
    }

    public static func planeCount(_ capability: ColorCapability) -> Int {
        capability == .blackWhiteRed ? 2 : 1
    }

    public var planeCount: Int { Frame.planeCount(capability) }
    public var planeByteCount: Int { bytesPerRow * size.height }
    public var bounds: PixelRect { PixelRect(origin: .zero, size: size) }

    /// The bytes of one plane.
    public func plane(_ index: Int) -> ArraySlice<UInt8> {
        bytes[index * planeByteCount..<(index + 1) * planeByteCount]
    }

    /// Gives direct access to the plane bytes, for renderers that write whole bytes at a time.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBufferPointer { buffer in try body(buffer) }
    }

    /// The ink at a pixel; white outside the frame.
    public subscript(x: Int, y: Int) -> Ink {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .white }
            switch capability {
            case .monochrome:
                return bit(plane: 0, x: x, y: y) ? .black : .white
            case .blackWhiteRed:
                if bit(plane: 1, x: x, y: y) { return .red }
                return bit(plane: 0, x: x, y: y) ? .black : .white
            case .grayscale4:
                let byte = bytes[y * bytesPerRow + x / 4]
                let shift = 6 - 2 * (x % 4)
                return Ink(rawValue: (byte >> UInt8(shift)) & 0b11)!
            }
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            let ink = representable(newValue)
            switch capability {
            case .monochrome:
                setBit(plane: 0, x: x, y: y, ink == .black)
            case .blackWhiteRed:
                setBit(plane: 0, x: x, y: y, ink == .black)
                setBit(plane: 1, x: x, y: y, ink == .red)
            case .grayscale4:
                let index = y * bytesPerRow + x / 4
                let shift = UInt8(6 - 2 * (x % 4))
                bytes[index] = (bytes[index] & ~(0b11 << shift)) | (ink.rawValue << shift)
            }
        }
    }

    /// The nearest ink this frame can hold: grey becomes black or white on one-bit panels, red becomes
    /// black where there is no red ink.
    public func representable(_ ink: Ink) -> Ink {
        switch (capability, ink) {
        case (.monochrome, .lightGray), (.blackWhiteRed, .lightGray): .white
        case (.monochrome, .darkGray), (.blackWhiteRed, .darkGray), (.monochrome, .red), (.grayscale4, .red): .black
        default: ink
        }
    }

    /// Paints a rectangle (clipped to the frame) with one ink.
    public mutating func fill(_ rect: PixelRect, with ink: Ink) {
        guard let clipped = rect.intersection(bounds) else { return }
        for y in clipped.minY..<clipped.maxY {
            for x in clipped.minX..<clipped.maxX { self[x, y] = ink }
        }
    }

    /// Copies another frame of the same capability into this one with its top-left corner at `origin`,
    /// clipped to this frame.
    public mutating func draw(_ other: Frame, at origin: PixelPoint) {
        precondition(other.capability == capability, "cannot compose frames of different capabilities")
        let target = PixelRect(origin: origin, size: other.size)
        guard let clipped = target.intersection(bounds) else { return }
        if origin.x % pixelsPerByte == 0, clipped == target {
            copyAlignedRows(from: other, at: origin)
            return
        }
        for y in clipped.minY..<clipped.maxY {
            for x in clipped.minX..<clipped.maxX { self[x, y] = other[x - origin.x, y - origin.y] }
        }
    }

    /// The smallest rectangle holding every pixel that differs from `other`, or `nil` when both show the
    /// same image. Frames of another size or capability differ everywhere.
    public func changedRect(since other: Frame) -> PixelRect? {
        guard other.size == size, other.capability == capability else { return bounds }
        guard other.bytes != bytes else { return nil }
        var minRow = Int.max, maxRow = -1, minByte = Int.max, maxByte = -1
        for planeIndex in 0..<planeCount {
            let base = planeIndex * planeByteCount
            for row in 0..<size.height {
                let start = base + row * bytesPerRow
                for column in 0..<bytesPerRow where bytes[start + column] != other.bytes[start + column] {
                    minRow = min(minRow, row)
                    maxRow = max(maxRow, row)
                    minByte = min(minByte, column)
                    maxByte = max(maxByte, column)
                }
            }
        }
        let x0 = minByte * pixelsPerByte
        let x1 = min(size.width, (maxByte + 1) * pixelsPerByte)
        return PixelRect(x: x0, y: minRow, width: x1 - x0, height: maxRow - minRow + 1)
    }

    /// A copy of a rectangle of this frame (clipped to the frame).
    public func cropped(to rect: PixelRect) -> Frame {
        let clipped = rect.intersection(bounds) ?? PixelRect(origin: rect.origin, size: PixelSize(width: 0, height: 0))
        var result = Frame(size: clipped.size, capability: capability)
        for y in 0..<clipped.height {
            for x in 0..<clipped.width { result[x, y] = self[clipped.minX + x, clipped.minY + y] }
        }
        return result
    }

    /// Pixels in one byte of a plane.
    public var pixelsPerByte: Int { capability == .grayscale4 ? 4 : 8 }

    private func bit(plane: Int, x: Int, y: Int) -> Bool {
        bytes[plane * planeByteCount + y * bytesPerRow + x / 8] & (0x80 >> UInt8(x % 8)) != 0
    }

    private mutating func setBit(plane: Int, x: Int, y: Int, _ on: Bool) {
        let index = plane * planeByteCount + y * bytesPerRow + x / 8
        let mask: UInt8 = 0x80 >> UInt8(x % 8)
        bytes[index] = on ? bytes[index] | mask : bytes[index] & ~mask
    }

    private mutating func copyAlignedRows(from other: Frame, at origin: PixelPoint) {
        let firstByte = origin.x / pixelsPerByte
        let fullBytes = other.size.width / pixelsPerByte
        let tailPixels = other.size.width % pixelsPerByte
        for planeIndex in 0..<planeCount {
            for row in 0..<other.size.height {
                let source = planeIndex * other.planeByteCount + row * other.bytesPerRow
                let target = planeIndex * planeByteCount + (origin.y + row) * bytesPerRow + firstByte
                for column in 0..<fullBytes { bytes[target + column] = other.bytes[source + column] }
                if tailPixels > 0 {
                    let bitsPerPixel = 8 / pixelsPerByte
                    let keep = UInt8(truncatingIfNeeded: 0xFF >> (tailPixels * bitsPerPixel))
                    let index = target + fullBytes
                    bytes[index] = (bytes[index] & keep) | (other.bytes[source + fullBytes] & ~keep)
                }
            }
        }
    }
}
