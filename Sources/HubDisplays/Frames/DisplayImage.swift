#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkUI
public import NIOCore
import Synchronization

/// A composed frame as a screen receives it: turned to the screen's pixels and encoded as PNG once, when
/// it is composed, so serving it to any number of devices costs no rendering, no encoding and no copy:
/// every answer shares the encoded bytes. Only encoded forms are kept.
public final class DisplayImage: Sendable {
    /// The pixels' fingerprint: TRMNL's `filename` and the HTTP `ETag`, so both change only when a pixel does.
    public let digest: FrameDigest
    /// The name a device sees change exactly when the pixels change; written once, shared by every answer
    /// and every device's telemetry.
    public let filename: String
    /// The frame as PNG, in its own depth (1-bit or 2-bit grey).
    public let png: ByteBuffer
    /// The screen's pixels, width by height.
    public let size: PixelSize
    /// The frame's inks; only a monochrome frame has a BMP.
    public let capability: ColorCapability
    /// When the frame was composed.
    public let composed: Date
    /// The BMP once a device has asked for it. Most devices take the PNG, and the BMP is ten times larger.
    private let encodedBMP = Mutex<ByteBuffer?>(nil)

    /// Encodes a frame already in the screen's orientation.
    public init(frame: Frame, composed: Date) throws(PNGError) {
        self.digest = FrameDigest(frame)
        self.filename = digest.description
        self.png = ByteBuffer(bytes: try PNGEncoder.encode(frame))
        self.size = frame.size
        self.capability = frame.capability
        self.composed = composed
    }

    /// Whether the frame can be sent as a 1-bit BMP (for TRMNL firmware that decodes only BMP).
    public var hasBMP: Bool { capability == .monochrome }

    /// The frame as a 1-bit BMP, nil for frames with greys. Encoded from the PNG on the first request, then
    /// kept with the image; requests arriving meanwhile wait for that one encoding.
    public func bmp() throws(PNGError) -> ByteBuffer? {
        guard hasBMP else { return nil }
        return try encodedBMP.withLock { (encoded: inout ByteBuffer?) throws(PNGError) -> ByteBuffer in
            if let encoded { return encoded }
            let bmp = ByteBuffer(bytes: BMPEncoder.encode(try PNGDecoder.decode(Array(png.readableBytesView))))
            encoded = bmp
            return bmp
        }
    }

    /// The strong HTTP entity tag of the pixels.
    public var entityTag: String { "\"\(digest)\"" }
}
