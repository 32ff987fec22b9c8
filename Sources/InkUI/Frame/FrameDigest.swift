import HubSystem

/// A 64-bit FNV-1a fingerprint of a frame (size, capability and pixels), persisted so a restart can
/// tell that the frame it is asked to show is already on the panel.
public struct FrameDigest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 64-bit hash.
    public let value: UInt64

    /// The fingerprint of a frame.
    public init(_ frame: Frame) {
        var hash = FNV1a.offset64
        for field in [frame.size.width, frame.size.height] {
            hash = withUnsafeBytes(of: Int64(field).littleEndian) { FNV1a.hash64($0, from: hash) }
        }
        hash = FNV1a.hash64(frame.capability.rawValue.utf8, from: hash)
        value = FNV1a.hash64(frame.bytes, from: hash)
    }

    public var description: String { FNV1a.hex64(value) }
}
