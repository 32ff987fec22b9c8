import InkUI

/// A frame or request the panel cannot take. It never reaches a driver.
public struct PanelFrameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to do about it.
    public let message: String

    /// An error with its full message.
    public init(_ message: String) { self.message = message }

    /// A frame of another size or colour capability than the panel's.
    static func mismatch(panel: String, expected: PixelSize, capability: ColorCapability, got frame: Frame) -> PanelFrameError {
        PanelFrameError(
            "panel \(panel) takes \(expected) \(capability.rawValue) frames, got \(frame.size) \(frame.capability.rawValue): render for the panel's size and rotation")
    }

    public var description: String { message }
}
