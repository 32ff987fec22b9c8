/// A PNG could not be written or read.
public struct PNGError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The frame has no pixels; PNG needs at least one.
        case emptyFrame
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// A chunk, checksum or the compressed data is damaged or missing.
        case corrupt
        /// A valid PNG of a kind this decoder does not read (16-bit, interlaced).
        case unsupported
        /// zlib failed to compress the image.
        case compressionFailed
    }

    public let code: Code
    /// The detail, in words.
    public let detail: String

    public var description: String {
        switch code {
        case .emptyFrame: "Cannot write a PNG of an empty frame (\(detail)): give the frame a width and height of at least 1."
        case .notPNG: "Not a PNG file (\(detail)): check the path or regenerate the image."
        case .corrupt: "The PNG is damaged (\(detail)): regenerate it, or delete it to record a new golden image."
        case .unsupported: "Unsupported PNG (\(detail)): save it as 1-, 2-, 4- or 8-bit grey, palette or RGB without interlacing."
        case .compressionFailed: "zlib could not compress the image (\(detail))."
        }
    }
}
