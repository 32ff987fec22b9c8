public import InkUI

/// The simulated panel's image format: PNG through InkUI's encoder, in the frame's own bit depth.
public struct PNGFrameImageWriter: FrameImageWriter {
    public let fileExtension = "png"

    /// A PNG writer.
    public init() {}

    public func encode(_ frame: Frame) throws -> [UInt8] {
        try PNGEncoder.encode(frame)
    }
}
