public import InkUI

/// A 64-bit FNV-1a fingerprint of a frame (size, capability and pixels), persisted so a restart can
/// tell that the frame it is asked to show is already on the panel.
public struct FrameDigest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 64-bit hash.
    public let value: UInt64

    /// The fingerprint of a frame.
    public init(_ frame: Frame) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        for field in [frame.size.width, frame.size.height] {
            withUnsafeBytes(of: Int64(field).littleEndian) { $0.forEach(mix) }
        }
        frame.capability.rawValue.utf8.forEach(mix)
        frame.bytes.forEach(mix)
        value = hash
    }

    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
