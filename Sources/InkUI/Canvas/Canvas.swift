/// Drawing into a frame's plane bytes with a clip rectangle: spans filled a byte at a time, one-bit masks
/// (glyphs, icons) blitted with shifts. Only valid inside `Frame.withUnsafeMutableBytes`.
struct Canvas {
    let base: UnsafeMutablePointer<UInt8>
    let size: PixelSize
    let bytesPerRow: Int
    let planeBytes: Int
    let capability: ColorCapability
    /// Drawing outside this rectangle (always inside the frame) is dropped.
    var clip: PixelRect

    init(base: UnsafeMutablePointer<UInt8>, frameSize: PixelSize, capability: ColorCapability, clip: PixelRect) {
        self.base = base
        self.size = frameSize
        self.capability = capability
        self.bytesPerRow = Frame.bytesPerRow(width: frameSize.width, capability: capability)
        self.planeBytes = bytesPerRow * frameSize.height
        self.clip = clip.intersection(PixelRect(origin: .zero, size: frameSize)) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    private var bitsPerPixel: Int { capability == .grayscale4 ? 2 : 1 }

    /// Paints pixels `[x0, x1)` of row `y`.
    func fillSpan(y: Int, from x0: Int, to x1: Int, ink: Ink, area: Bool) {
        guard y >= clip.minY, y < clip.maxY else { return }
        let start = max(x0, clip.minX), end = min(x1, clip.maxX)
        guard end > start else { return }
        let patterns = PlanePatterns(ink: ink, capability: capability, row: y, area: area)
        let bits = bitsPerPixel
        for plane in 0..<patterns.count {
            BitRow.fill(base + plane * planeBytes + y * bytesPerRow, from: start * bits, to: end * bits, with: patterns[plane])
        }
    }

    /// Paints a rectangle.
    func fill(_ rect: PixelRect, ink: Ink, area: Bool) {
        guard let clipped = rect.intersection(clip) else { return }
        for y in clipped.minY..<clipped.maxY {
            fillSpan(y: y, from: clipped.minX, to: clipped.maxX, ink: ink, area: area)
        }
    }

    /// Swaps white and black (and the two greys) inside a rectangle; red stays red.
    func invert(_ rect: PixelRect) {
        guard let clipped = rect.intersection(clip) else { return }
        let bits = bitsPerPixel
        for y in clipped.minY..<clipped.maxY {
            let row = base + y * bytesPerRow
            guard capability == .blackWhiteRed else {
                BitRow.invert(row, from: clipped.minX * bits, to: clipped.maxX * bits)
                continue
            }
            let red = row + planeBytes
            BitRow.invert(row, from: clipped.minX, to: clipped.maxX)
            // A red pixel keeps an empty black bit, so equal images stay byte-equal.
            for index in (clipped.minX >> 3)...((clipped.maxX - 1) >> 3) { row[index] &= ~red[index] }
        }
    }

    /// Paints `ink` wherever a one-bit mask (rows of `pitch` bytes, leftmost pixel in the top bit) is set,
    /// with the mask's top-left pixel at (`x`, `y`).
    func blit(mask: UnsafePointer<UInt8>, pitch: Int, width: Int, height: Int, x: Int, y: Int, ink: Ink) {
        let x0 = max(x, clip.minX), x1 = min(x + width, clip.maxX)
        let y0 = max(y, clip.minY), y1 = min(y + height, clip.maxY)
        guard x1 > x0, y1 > y0 else { return }
        // Marks never dither, so the patterns are the same on every row.
        let patterns = PlanePatterns(ink: ink, capability: capability, row: 0, area: false)
        if capability == .grayscale4 {
            for row in y0..<y1 {
                blitTwoBitRow(
                    source: mask + (row - y) * pitch, pitch: pitch, maskX: x, from: x0, to: x1,
                    target: base + row * bytesPerRow, pattern: patterns[0])
            }
            return
        }
        let span = OneBitSpan(maskX: x, from: x0, to: x1)
        for plane in 0..<patterns.count {
            let pattern = patterns[plane]
            for row in y0..<y1 {
                span.blit(source: mask + (row - y) * pitch, pitch: pitch, target: base + plane * planeBytes + row * bytesPerRow, pattern: pattern)
            }
        }
    }

    /// Copies an image of any capability with its top-left pixel at `origin`, mapping its inks to this frame's.
    func draw(_ image: Frame, at origin: PixelPoint) {
        let target = PixelRect(origin: origin, size: image.size)
        guard let clipped = target.intersection(clip) else { return }
        if image.capability == capability {
            let bits = bitsPerPixel
            image.bytes.withUnsafeBufferPointer { source in
                guard let sourceBase = source.baseAddress else { return }
                for plane in 0..<image.planeCount {
                    for y in clipped.minY..<clipped.maxY {
                        BitRow.copy(
                            from: sourceBase + plane * image.planeByteCount + (y - origin.y) * image.bytesPerRow,
                            bit: (clipped.minX - origin.x) * bits,
                            to: base + plane * planeBytes + y * bytesPerRow,
                            bit: clipped.minX * bits, count: clipped.width * bits)
                    }
                }
            }
            return
        }
        for y in clipped.minY..<clipped.maxY {
            for x in clipped.minX..<clipped.maxX {
                fillSpan(y: y, from: x, to: x + 1, ink: image[x - origin.x, y - origin.y], area: true)
            }
        }
    }

    /// One row of a two-bit plane: each mask bit covers both bits of its pixel.
    @inline(__always)
    private func blitTwoBitRow(
        source: UnsafePointer<UInt8>, pitch: Int, maskX: Int, from: Int, to: Int,
        target: UnsafeMutablePointer<UInt8>, pattern: UInt8
    ) {
        var byteIndex = from >> 2
        let lastByte = (to - 1) >> 2
        while byteIndex <= lastByte {
            let pixel = byteIndex << 2
            let offset = pixel - maskX
            // Only the first byte can start left of the mask, and by less than a byte.
            var nibble = offset >= 0
                ? BitRow.byte(source, at: offset, limit: pitch) >> 4
                : (BitRow.byte(source, at: 0, limit: pitch) >> 4) >> UInt8(-offset)
            if pixel < from { nibble &= UInt8(truncatingIfNeeded: 0x0F >> (from - pixel)) }
            if pixel + 4 > to { nibble &= UInt8(truncatingIfNeeded: (0x0F << (pixel + 4 - to)) & 0x0F) }
            if nibble != 0 {
                let spread = ((nibble & 8) << 3) | ((nibble & 4) << 2) | ((nibble & 2) << 1) | (nibble & 1)
                let mask = spread | (spread << 1)
                target[byteIndex] = (target[byteIndex] & ~mask) | (pattern & mask)
            }
            byteIndex += 1
        }
    }
}

/// Where a one-bit mask lands in a one-bit plane: the target bytes a clipped span of pixels covers, the
/// edge bits of the first and last byte, and the shift from mask bytes to target bytes (the same on
/// every row, so each row is a run of shifted byte pairs).
private struct OneBitSpan {
    let firstByte: Int
    let lastByte: Int
    let firstMask: UInt8
    let lastMask: UInt8
    /// The mask byte whose top bits land in `firstByte`, and how far right mask bytes shift.
    let firstSource: Int
    let shift: Int

    /// Mask pixel 0 at `maskX`; target pixels `[from, to)`.
    init(maskX: Int, from: Int, to: Int) {
        firstByte = from >> 3
        lastByte = (to - 1) >> 3
        firstMask = UInt8(truncatingIfNeeded: 0xFF >> (from & 7))
        lastMask = UInt8(truncatingIfNeeded: 0xFF << (7 - ((to - 1) & 7)))
        firstSource = firstByte - (maskX >> 3)
        shift = maskX & 7
    }

    /// Paints `pattern` where one mask row is set; bytes outside the mask's `pitch` read as empty.
    @inline(__always)
    func blit(source: UnsafePointer<UInt8>, pitch: Int, target: UnsafeMutablePointer<UInt8>, pattern: UInt8) {
        var sourceIndex = firstSource
        var previous: UInt16 = sourceIndex > 0 && sourceIndex - 1 < pitch ? UInt16(source[sourceIndex - 1]) : 0
        for byteIndex in firstByte...lastByte {
            let current: UInt16 = sourceIndex >= 0 && sourceIndex < pitch ? UInt16(source[sourceIndex]) : 0
            var mask = UInt8(truncatingIfNeeded: (previous << 8 | current) >> shift)
            if byteIndex == firstByte { mask &= firstMask }
            if byteIndex == lastByte { mask &= lastMask }
            if mask != 0 { target[byteIndex] = (target[byteIndex] & ~mask) | (pattern & mask) }
            previous = current
            sourceIndex += 1
        }
    }
}
