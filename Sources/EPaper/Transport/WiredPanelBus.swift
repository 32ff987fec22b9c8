/// `PanelBus` over an SPI link and GPIO lines: the one implementation every real, traced or emulated
/// panel uses, so D/C handling, chunking, reset timing and BUSY waits are the same everywhere.
public final class WiredPanelBus: PanelBus {
    /// Names the panel and its BUSY line in error messages.
    public struct Label: Sendable, Hashable {
        /// The profile name.
        public var panel: String
        /// BUSY's line number (BCM).
        public var busyLine: UInt32
        /// The GPIO chip BUSY is on.
        public var chip: String

        /// A label for error messages.
        public init(panel: String, busyLine: UInt32, chip: String) {
            self.panel = panel
            self.busyLine = busyLine
            self.chip = chip
        }
    }

    private let spi: any SPITransport
    private let lines: any PanelLines
    private let clock: any BlockingClock
    private let label: Label
    /// The last level driven on D/C, so runs of data bytes do not toggle it.
    private var dataCommandHigh: Bool?

    /// A bus over `spi` and `lines`; `clock` times reset pulses and BUSY timeouts.
    public init(spi: any SPITransport, lines: any PanelLines, clock: any BlockingClock, label: Label) {
        self.spi = spi
        self.lines = lines
        self.clock = clock
        self.label = label
    }

    public func command(_ opcode: UInt8) throws {
        try setDataCommand(high: false)
        try withUnsafeBytes(of: opcode) { try spi.write($0) }
    }

    public func data(_ bytes: [UInt8]) throws {
        try setDataCommand(high: true)
        let limit = max(1, spi.maximumTransferSize)
        try bytes.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + limit)
                try spi.write(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }

    public func reset(_ pulse: ResetPulse) throws {
        try lines.set(.reset, high: true)
        clock.sleep(for: pulse.highBefore)
        try lines.set(.reset, high: false)
        clock.sleep(for: pulse.low)
        try lines.set(.reset, high: true)
        clock.sleep(for: pulse.highAfter)
    }

    public func waitWhileBusy(_ wait: BusyWait) throws {
        let start = clock.now
        while try lines.isBusyHigh() == wait.busyLevelHigh {
            let elapsed = clock.now - start
            guard elapsed < wait.timeout else { throw timeout(wait) }
            var slice = wait.timeout - elapsed
            if let status = wait.statusCommand {
                try command(status)
                slice = min(slice, wait.pollInterval)
            }
            _ = try lines.waitForBusyEdge(timeout: slice)
        }
    }

    public func setPower(_ on: Bool) throws {
        try lines.set(.power, high: on)
    }

    public func pause(_ duration: Duration) {
        clock.sleep(for: duration)
    }

    public func release() {
        lines.release()
        spi.close()
    }

    private func setDataCommand(high: Bool) throws {
        guard dataCommandHigh != high else { return }
        try lines.set(.dataCommand, high: high)
        dataCommandHigh = high
    }

    private func timeout(_ wait: BusyWait) -> PanelHardwareError {
        let level = wait.busyLevelHigh ? "high" : "low"
        return PanelHardwareError(
            .busyTimeout,
            "panel \(label.panel): BUSY (GPIO \(label.busyLine) on \(label.chip)) stayed \(level) for \(wait.timeout) during \(wait.operation): check the cable, the HAT's 3.3 V supply and the configured panel model; the hub keeps running and retries later")
    }
}
