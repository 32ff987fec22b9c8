public import InkUI

/// Turns a frame into an image file's bytes, for the simulated panel (`PNGFrameImageWriter` by default).
public protocol FrameImageWriter: Sendable {
    /// The file name extension, without the dot ("png").
    var fileExtension: String { get }
    func encode(_ frame: Frame) throws -> [UInt8]
}
