#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import EPaper
public import InkUI
public import NIOCore

/// A composed frame as a screen receives it: turned to the screen's pixels and encoded once, when it is
/// composed, so serving it to any number of devices costs no rendering, no encoding and no copy: every
/// answer shares the encoded bytes. Only the encoded forms are kept.
public struct DisplayImage: Sendable {
    /// The pixels' fingerprint: TRMNL's `filename` and the HTTP `ETag`, so both change only when a pixel does.
    public let digest: FrameDigest
    /// The frame as PNG, in its own depth (1-bit or 2-bit grey).
    public let png: ByteBuffer
    /// The frame as a 1-bit BMP, for TRMNL firmware that decodes only BMP; nil for 2-bit frames.
    public let bmp: ByteBuffer?
    /// When the frame was composed.
    public let composed: Date

    /// Encodes a frame already in the screen's orientation.
    public init(frame: Frame, composed: Date) throws(PNGError) {
        self.digest = FrameDigest(frame)
        self.png = ByteBuffer(bytes: try PNGEncoder.encode(frame))
        self.bmp = frame.capability == .monochrome ? ByteBuffer(bytes: BMPEncoder.encode(frame)) : nil
        self.composed = composed
    }

    /// The name a device sees change exactly when the pixels change.
    public var filename: String { digest.description }

    /// The strong HTTP entity tag of the pixels.
    public var entityTag: String { "\"\(digest)\"" }
}
