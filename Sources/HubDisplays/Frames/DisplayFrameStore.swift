#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import InkUI
public import InkWidgets
public import Logging
import Synchronization

/// Where a networked display's scheduler leaves its frames: the latest one, turned and encoded, for the
/// HTTP side to hand out. Reading never waits for rendering, and rendering never waits for a client.
public final class DisplayFrameStore: FrameSink {
    private let orientation: PanelOrientation
    private let logger: Logger
    /// The current image and the one before: a device told to fetch an image just before a new frame
    /// arrived still gets exactly the image it was told about.
    private let images = Mutex<(current: DisplayImage?, previous: DisplayImage?)>((nil, nil))

    /// - Parameter orientation: how the widgets' frame maps to the screen's pixels.
    public init(orientation: PanelOrientation, logger: Logger) {
        self.orientation = orientation
        self.logger = logger
    }

    /// The frame the display shows now; nil until the first one is composed.
    public var image: DisplayImage? { images.withLock { $0.current } }

    /// The current or the previous image, by its `filename`.
    public func image(named filename: String) -> DisplayImage? {
        images.withLock { images in
            [images.current, images.previous].lazy.compactMap { $0 }.first { $0.filename == filename }
        }
    }

    public func present(_ frame: Frame, reason: String, userInitiated: Bool) async {
        do {
            let image = try DisplayImage(frame: orientation.nativeFrame(frame), composed: Date())
            images.withLock { $0 = (image, $0.current) }
            logger.info("new frame", metadata: ["display.reason": "\(reason)", "display.filename": "\(image.filename)"])
        } catch {
            logger.error("frame could not be encoded; the display keeps its last one: \(error)")
        }
    }
}
