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
/// Padding bits at the end of a row are always zero, so two frames showing the same image are equal.
/// Drivers turn this into their controller's polarity and rotation; widgets never see it.
public struct Frame: Sendable, Hashable {
    public let size: PixelSize
    public let capability: ColorCapability
    /// Bytes in one row of one plane.
    public let bytesPerRow: Int
    /// All planes, one after the other, each `bytesPerRow * size.height` bytes.
    public private(set) var bytes: [UInt8]

    /// A frame of the given size filled with one ink. A negative width or height counts as zero.
    public init(size: PixelSize, capability: ColorCapability, fill: Ink = .white) {
        let size = PixelSize(width: max(0, size.width), height: max(0, size.height))
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
        clearRowPadding()
    }

    /// Bytes in one row of one plane for a frame of this width.
    public static func bytesPerRow(width: Int, capability: ColorCapability) -> Int {
        switch capability {
        case .monochrome, .blackWhiteRed: (max(0, width) + 7) / 8
        case .grayscale4: (max(0, width) + 3) / 4
        }
    }

    /// How many planes a frame of this capability holds.
    public static func planeCount(_ capability: ColorCapability) -> Int {
        capability == .blackWhiteRed ? 2 : 1
    }

    /// How many planes this frame holds.
    public var planeCount: Int { Frame.planeCount(capability) }
    /// Bytes in one plane.
    public var planeByteCount: Int { bytesPerRow * size.height }
    /// The whole frame as a rectangle at the origin.
    public var bounds: PixelRect { PixelRect(origin: .zero, size: size) }
    /// Pixels in one byte of a plane.
    public var pixelsPerByte: Int { capability == .grayscale4 ? 4 : 8 }
    /// Bits of one pixel in one plane.
    var bitsPerPixel: Int { capability == .grayscale4 ? 2 : 1 }

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
                return Ink(rawValue: (byte >> UInt8(shift)) & 0b11) ?? .white
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

    /// Paints a rectangle (clipped to the frame) with one ink, the nearest one this frame can hold.
    public mutating func fill(_ rect: PixelRect, with ink: Ink) {
        guard let clipped = rect.intersection(bounds) else { return }
        let ink = representable(ink)
        let planeBytes = planeByteCount
        let perRow = bytesPerRow
        let bits = bitsPerPixel
        let patterns = PlanePatterns(solid: ink, capability: capability)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for planeIndex in 0..<patterns.count {
                let value = patterns[planeIndex]
                for y in clipped.minY..<clipped.maxY {
                    BitRow.fill(
                        base + planeIndex * planeBytes + y * perRow,
                        from: clipped.minX * bits, to: clipped.maxX * bits, with: value)
                }
            }
        }
    }

    /// Copies another frame into this one with its top-left corner at `origin`, clipped to this frame.
    /// A frame of another capability is converted pixel by pixel to the nearest inks this one holds.
    public mutating func draw(_ other: Frame, at origin: PixelPoint) {
        let target = PixelRect(origin: origin, size: other.size)
        guard let clipped = target.intersection(bounds) else { return }
        guard other.capability == capability else {
            for y in clipped.minY..<clipped.maxY {
                for x in clipped.minX..<clipped.maxX { self[x, y] = other[x - origin.x, y - origin.y] }
            }
            return
        }
        let bits = bitsPerPixel, planes = planeCount
        let planeBytes = planeByteCount, perRow = bytesPerRow
        let sourceX = (clipped.minX - origin.x) * bits
        let bitCount = clipped.width * bits
        other.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                guard let sourceBase = source.baseAddress, let targetBase = target.baseAddress else { return }
                for planeIndex in 0..<planes {
                    for y in clipped.minY..<clipped.maxY {
                        BitRow.copy(
                            from: sourceBase + planeIndex * other.planeByteCount + (y - origin.y) * other.bytesPerRow,
                            bit: sourceX,
                            to: targetBase + planeIndex * planeBytes + y * perRow,
                            bit: clipped.minX * bits, count: bitCount)
                    }
                }
            }
        }
    }

    /// The smallest rectangle holding every pixel that differs from `other`, widened to whole bytes of a
    /// plane, or `nil` when both show the same image. Frames of another size or capability differ everywhere.
    public func changedRect(since other: Frame) -> PixelRect? {
        guard other.size == size, other.capability == capability else { return bounds }
        guard size.width > 0, size.height > 0 else { return nil }
        var minRow = Int.max, maxRow = -1, minByte = Int.max, maxByte = -1
        let perRow = bytesPerRow, planeBytes = planeByteCount
        bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return }
                for planeIndex in 0..<planeCount {
                    for row in 0..<size.height {
                        let start = planeIndex * planeBytes + row * perRow
                        guard memcmpBytes(a + start, b + start, perRow) else { continue }
                        var first = 0
                        while a[start + first] == b[start + first] { first += 1 }
                        var last = perRow - 1
                        while a[start + last] == b[start + last] { last -= 1 }
                        minRow = min(minRow, row)
                        maxRow = max(maxRow, row)
                        minByte = min(minByte, first)
                        maxByte = max(maxByte, last)
                    }
                }
            }
        }
        guard maxRow >= 0 else { return nil }
        let x0 = minByte * pixelsPerByte
        let x1 = min(size.width, (maxByte + 1) * pixelsPerByte)
        return PixelRect(x: x0, y: minRow, width: x1 - x0, height: maxRow - minRow + 1)
    }

    /// A copy of a rectangle of this frame (clipped to the frame; empty when they do not overlap).
    public func cropped(to rect: PixelRect) -> Frame {
        guard let clipped = rect.intersection(bounds) else {
            return Frame(size: PixelSize(width: 0, height: 0), capability: capability)
        }
        var result = Frame(size: clipped.size, capability: capability)
        result.draw(self, at: PixelPoint(x: -clipped.minX, y: -clipped.minY))
        return result
    }

    private func bit(plane: Int, x: Int, y: Int) -> Bool {
        bytes[plane * planeByteCount + y * bytesPerRow + x / 8] & (0x80 >> UInt8(x % 8)) != 0
    }

    private mutating func setBit(plane: Int, x: Int, y: Int, _ on: Bool) {
        let index = plane * planeByteCount + y * bytesPerRow + x / 8
        let mask: UInt8 = 0x80 >> UInt8(x % 8)
        bytes[index] = on ? bytes[index] | mask : bytes[index] & ~mask
    }

    /// Zeroes the unused bits at the end of every row, so equal images compare equal.
    private mutating func clearRowPadding() {
        let usedBits = size.width * bitsPerPixel
        guard usedBits % 8 != 0, size.height > 0 else { return }
        let keep = UInt8(truncatingIfNeeded: 0xFF << (8 - usedBits % 8))
        let last = bytesPerRow - 1
        for row in 0..<(size.height * planeCount) { bytes[row * bytesPerRow + last] &= keep }
    }
}

/// Whether `count` bytes at two addresses differ.
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
        if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
            != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self)
        {
            return true
        }
        index += 8
    }
    while index < count {
        if a[index] != b[index] { return true }
        index += 1
    }
    return false
}

extension Frame: CustomStringConvertible {
    /// Size, inks and how many pixels hold ink: a frame's bytes would fill pages of a test log.
    public var description: String {
        let inked = (0..<size.height).reduce(0) { count, y in count + (0..<size.width).count { self[$0, y] != .white } }
        return "\(size) \(capability.rawValue) frame, \(inked) pixels inked"
    }
}
