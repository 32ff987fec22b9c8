import Dispatch
import Synchronization

/// A panel driver behind an async interface. Drivers block (SPI transfers, reset pulses, BUSY waits of
/// several seconds), so every call runs on the device's own serial dispatch queue, never on the
/// concurrency pool's threads.
public final class PanelDevice: Sendable {
    /// The profile name, for logs and status.
    public let name: String
    public let layout: PanelLayout
    private let driver: Mutex<(any PanelDriver)?>
    private let queue: DispatchQueue
    private let clock: any BlockingClock

    /// Takes ownership of a driver; `clock` measures refresh durations.
    public init(name: String, driver: consuming sending any PanelDriver, clock: any BlockingClock = SystemBlockingClock()) {
        self.name = name
        self.layout = driver.layout
        self.driver = Mutex(driver)
        self.queue = DispatchQueue(label: "weatherhub.panel.\(name)")
        self.clock = clock
    }

    /// Runs one refresh (which ends in deep sleep). After a failure the driver is asked to put the
    /// controller to sleep before the error is rethrown.
    /// - Returns: how long the refresh took.
    public func refresh(_ request: PanelRefresh) async throws -> Duration {
        let clock = self.clock
        return try await perform { driver in
            let start = clock.now
            do {
                try driver.refresh(request)
            } catch {
                try? driver.sleep()
                throw error
            }
            return clock.now - start
        }
    }

    /// Leaves the controller asleep, switches the panel off and releases the lines. Later refreshes fail.
    public func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                self.driver.withLock { current in
                    current?.close()
                    current = nil
                }
                continuation.resume()
            }
        }
    }

    private func perform<T: Sendable>(_ body: @escaping @Sendable (any PanelDriver) throws -> T) async throws -> T {
        let name = self.name
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        try self.driver.withLock { current in
                            guard let current else { throw PanelFrameError("panel \(name) is closed") }
                            return try body(current)
                        }
                    })
            }
        }
    }
}
