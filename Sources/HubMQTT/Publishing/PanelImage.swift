import EPaper
import InkUI
import Logging

/// The panel's frame as PNG for the image entity, made only when the panel's pixels changed (a
/// periodic full refresh of the same frame gives none).
struct PanelImage: Sendable {
    private var shown: FrameDigest?

    /// The PNG of `frame`, or `nil` when its pixels are those already published (or it cannot be encoded).
    mutating func png(of frame: Frame, logger: Logger) -> [UInt8]? {
        let digest = FrameDigest(frame)
        guard digest != shown else { return nil }
        do {
            let png = try PNGEncoder.encode(frame)
            shown = digest
            return png
        } catch {
            logger.warning("the panel's frame cannot be encoded as PNG", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
