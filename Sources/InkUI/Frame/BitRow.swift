/// Whole-byte operations on one row of a plane, addressed in bits from the row's first (most
/// significant) bit. Frames, the canvas and the PNG code all go through these.
enum BitRow {
    /// Sets bits `[from, to)` of the row to the matching bits of `pattern` (the pattern repeats every byte).
    @inline(__always)
    static func fill(_ row: UnsafeMutablePointer<UInt8>, from: Int, to: Int, with pattern: UInt8) {
        guard to > from else { return }
        let firstByte = from >> 3, lastByte = (to - 1) >> 3
        let headMask = UInt8(truncatingIfNeeded: 0xFF >> (from & 7))
        let tailMask = UInt8(truncatingIfNeeded: 0xFF << (7 - ((to - 1) & 7)))
        if firstByte == lastByte {
            let mask = headMask & tailMask
            row[firstByte] = (row[firstByte] & ~mask) | (pattern & mask)
            return
        }
        row[firstByte] = (row[firstByte] & ~headMask) | (pattern & headMask)
        var index = firstByte + 1
        while index < lastByte {
            row[index] = pattern
            index += 1
        }
        row[lastByte] = (row[lastByte] & ~tailMask) | (pattern & tailMask)
    }

    /// Flips bits `[from, to)` of the row.
    @inline(__always)
    static func invert(_ row: UnsafeMutablePointer<UInt8>, from: Int, to: Int) {
        guard to > from else { return }
        let firstByte = from >> 3, lastByte = (to - 1) >> 3
        let headMask = UInt8(truncatingIfNeeded: 0xFF >> (from & 7))
        let tailMask = UInt8(truncatingIfNeeded: 0xFF << (7 - ((to - 1) & 7)))
        if firstByte == lastByte {
            row[firstByte] ^= headMask & tailMask
            return
        }
        row[firstByte] ^= headMask
        var index = firstByte + 1
        while index < lastByte {
            row[index] ^= 0xFF
            index += 1
        }
        row[lastByte] ^= tailMask
    }

    /// Eight bits of a row starting at any bit; bits past `limit` (the row's last valid byte index + 1)
    /// read as zero.
    @inline(__always)
    static func byte(_ row: UnsafePointer<UInt8>, at bit: Int, limit: Int) -> UInt8 {
        let index = bit >> 3, shift = bit & 7
        let high = index < limit ? row[index] : 0
        if shift == 0 { return high }
        let low = index + 1 < limit ? row[index + 1] : 0
        return UInt8(truncatingIfNeeded: (UInt16(high) << shift) | (UInt16(low) >> (8 - shift)))
    }

    /// Copies `count` bits from one row to another, both addressed at any bit offset.
    static func copy(
        from source: UnsafePointer<UInt8>, bit sourceBit: Int,
        to target: UnsafeMutablePointer<UInt8>, bit targetBit: Int, count: Int
    ) {
        guard count > 0 else { return }
        let sourceLimit = (sourceBit + count + 7) >> 3
        var done = 0
        // Align the target to a byte boundary first, then write whole target bytes.
        while done < count {
            let position = targetBit + done
            let index = position >> 3
            let offset = position & 7
            let take = min(8 - offset, count - done)
            let bits = byte(source, at: sourceBit + done, limit: sourceLimit)
            let mask = UInt8(truncatingIfNeeded: (0xFF << (8 - take)) & 0xFF) >> offset
            target[index] = (target[index] & ~mask) | ((bits >> offset) & mask)
            done += take
        }
    }
}
