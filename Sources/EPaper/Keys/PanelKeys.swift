import Dispatch
public import Logging
public import ServiceLifecycle
import Synchronization

/// Reads the board's keys: input lines with pull-ups and edge events, debounced on an injected clock,
/// delivered as `KeyPress` events on `presses`. The lead maps them to actions (next or previous forecast
/// day, back to now, refresh now).
///
/// The blocking edge wait runs on the service's own dispatch queue and wakes at least twice a second to
/// notice shutdown.
public final class PanelKeys: Service, Sendable {
    /// Debounced key presses, in order. Finishes when `run()` ends.
    public let presses: AsyncStream<KeyPress>
    /// The keys being read.
    public let settings: PanelKeySettings
    private let continuation: AsyncStream<KeyPress>.Continuation
    private let lines: Mutex<(any KeyLines)?>
    private let stopRequested = Mutex(false)
    private let clock: any BlockingClock
    private let logger: Logger
    private let queue = DispatchQueue(label: "weatherhub.panel.keys")
    private static let idleWait: Duration = .milliseconds(500)

    /// Takes ownership of already requested lines (the real ones come from `open`).
    public init(settings: PanelKeySettings, lines: consuming sending any KeyLines, clock: any BlockingClock, logger: Logger) {
        (presses, continuation) = AsyncStream.makeStream(of: KeyPress.self, bufferingPolicy: .bufferingNewest(16))
        self.settings = settings
        self.lines = Mutex(lines)
        self.clock = clock
        self.logger = logger
    }

    /// Reads keys until graceful shutdown or cancellation, then releases the lines.
    public func run() async throws {
        logger.info("reading panel keys", metadata: ["panel.keys": "\(settings.keys.map(\.name))"])
        let failure: (any Error)? = await withTaskCancellationOrGracefulShutdownHandler {
            await withCheckedContinuation { (done: CheckedContinuation<(any Error)?, Never>) in
                queue.async {
                    done.resume(returning: self.readUntilStopped())
                }
            }
        } onCancelOrGracefulShutdown: {
            self.stopRequested.withLock { $0 = true }
        }
        continuation.finish()
        if let failure { throw failure }
    }

    /// The blocking loop; returns the error that ended it, if any.
    private func readUntilStopped() -> (any Error)? {
        lines.withLock { current -> (any Error)? in
            guard let keyLines = current else { return nil }
            defer {
                keyLines.release()
                current = nil
            }
            do {
                var levels: [UInt32: Bool] = [:]
                for key in settings.keys { levels[key.line] = try keyLines.isHigh(key.line) }
                var debouncer = KeyDebouncer(
                    keys: settings.keys, levels: levels, activeLow: settings.activeLow, debounce: settings.debounce)
                while !stopRequested.withLock({ $0 }) {
                    let now = clock.now
                    let timeout = debouncer.nextSettleTime.map { max(.zero, min($0 - now, PanelKeys.idleWait)) } ?? PanelKeys.idleWait
                    if try keyLines.waitForEdges(timeout: timeout) {
                        let arrived = clock.now
                        for edge in try keyLines.readEdges() { debouncer.record(edge, at: arrived) }
                    }
                    let settledAt = clock.now
                    for key in debouncer.settle(at: settledAt) {
                        logger.debug("panel key pressed", metadata: ["panel.key": "\(key.name)"])
                        continuation.yield(KeyPress(key: key, at: settledAt))
                    }
                }
                return nil
            } catch {
                logger.error("panel keys stopped", metadata: ["panel.error": "\(error)"])
                return error
            }
        }
    }
}
