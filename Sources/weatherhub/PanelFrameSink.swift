import EPaper
import InkUI
import InkWidgets
import Logging
import Synchronization

/// Hands the scheduler's composed frames to the panel controller, and says once when the first frame
/// reached the panel (systemd's READY). Keeps the last frame the panel took, for the status page.
final class PanelFrameSink: FrameSink {
    let panel: PanelController
    let logger: Logger
    private let firstFrame: Mutex<(@Sendable () -> Void)?>
    private let shown = Mutex<Frame?>(nil)

    /// The frame the panel shows (or is about to, while it waits for its refresh budget).
    var latestFrame: Frame? { shown.withLock { $0 } }

    init(panel: PanelController, logger: Logger, onFirstFrame: @escaping @Sendable () -> Void) {
        self.panel = panel
        self.logger = logger
        self.firstFrame = Mutex(onFirstFrame)
    }

    func present(_ frame: Frame, reason: String, userInitiated: Bool) async {
        do {
            switch try await panel.present(frame, reason: reason, userInitiated: userInitiated) {
            case .failed, .stopped:
                return
            case .waiting:
                shown.withLock { $0 = frame }
            case .unchanged, .refreshed:
                shown.withLock { $0 = frame }
                firstFrame.withLock { callback in
                    callback?()
                    callback = nil
                }
            }
        } catch {
            logger.error("frame refused by the panel: \(error)")
        }
    }
}
