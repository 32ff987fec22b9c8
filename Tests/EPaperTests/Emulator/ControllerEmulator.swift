import Dispatch
import EPaper
import InkUI
import Synchronization

/// An emulated panel at the wire level: it is the SPI link and the GPIO lines a real `WiredPanelBus`
/// drives, so the exact bytes (with the D/C level of each), the RST pulses, the supply switch and the
/// BUSY waits of a driver reach the controller model. BUSY follows the model with its real polarity, on
/// the test's virtual time. Every broken rule is kept as a violation naming the rule and the byte
/// offset; the model reconstructs the image on screen.
final class ControllerEmulator<Model: CommandSetModel>: SPITransport, PanelLines, Sendable {
    private struct Wires {
        var model: Model
        var log = EmulatorLog()
        var dataCommandHigh = false
        var resetLowSince: Duration?
        var supplyOn = true
        var released = false
        var closed = false
        var transferSizes: [Int] = []
        var sent: [SentCommand] = []
        /// A fault: BUSY held at this level whatever the controller does.
        var stuckBusyLevel: Bool?
        var statusPolls = 0
        /// The controller's phase when the supply was last switched off.
        var phaseAtSupplyOff: ControllerPhase?
        /// Hold the driver's thread at the next reset pulse until `resume()`.
        var pauseAtNextReset = false
        var pausedWaiter: CheckedContinuation<Void, Never>?
        var paused = false

        /// Adds data bytes to the last command sent: as parameters, or as a count for RAM data.
        mutating func recordData(_ bytes: UnsafeRawBufferPointer) {
            guard var last = sent.popLast() else { return }
            if let streamed = last.streamed {
                last.streamed = streamed + bytes.count
            } else {
                last.parameters += bytes
            }
            sent.append(last)
        }
    }

    let time: TestTime
    let maximumTransferSize: Int
    private let wires: Mutex<Wires>

    init(model: Model, time: TestTime, bufferSize: Int = 4096) {
        self.time = time
        self.maximumTransferSize = bufferSize
        self.wires = Mutex(Wires(model: model))
    }

    /// A `WiredPanelBus` over this emulator, as the drivers get it on a real board.
    func bus(panel: String = "emulated", busyLine: UInt32 = 24) -> WiredPanelBus {
        WiredPanelBus(spi: self, lines: self, clock: time.blocking, label: WiredPanelBus.Label(panel: panel, busyLine: busyLine, chip: "/dev/gpiochip0"))
    }

    // MARK: Observations

    var violations: [ControllerViolation] { wires.withLock { $0.log.violations } }
    var displayedImage: Frame? { wires.withLock { $0.model.displayedImage } }
    var refreshes: [EmulatedRefresh] { wires.withLock { $0.model.refreshes } }
    var transferSizes: [Int] { wires.withLock { $0.transferSizes } }
    /// Every command in the order sent, with its parameters ("3C 05") or its RAM byte count ("24 ×4000").
    var sentCommands: [SentCommand] { wires.withLock { $0.sent } }
    var phase: ControllerPhase { wires.withLock { $0.model.phase } }
    var supplyOn: Bool { wires.withLock { $0.supplyOn } }
    var released: Bool { wires.withLock { $0.released && $0.closed } }
    var statusPolls: Int { wires.withLock { $0.statusPolls } }
    var phaseAtSupplyOff: ControllerPhase? { wires.withLock { $0.phaseAtSupplyOff } }
    var bytesReceived: Int { wires.withLock { $0.log.offset } }

    /// Holds BUSY at a level (an unplugged panel), or releases it with `nil`.
    func holdBusy(at level: Bool?) {
        wires.withLock { $0.stuckBusyLevel = level }
    }

    private let gate = DispatchSemaphore(value: 0)

    /// Makes the next refresh stop at its reset pulse, holding the driver's thread, so a test can act
    /// while a refresh is under way. `waitUntilPaused()` returns once it is held; `resume()` lets it go.
    func pauseAtNextReset() {
        wires.withLock { $0.pauseAtNextReset = true }
    }

    func waitUntilPaused() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let paused = wires.withLock { wires -> Bool in
                if wires.paused { return true }
                wires.pausedWaiter = continuation
                return false
            }
            if paused { continuation.resume() }
        }
    }

    func resume() {
        gate.signal()
    }

    /// Ends the stream: completes the last command and runs the end-of-test checks.
    func finish() -> [ControllerViolation] {
        wires.withLock { wires in
            wires.log.time = time.elapsed
            wires.model.completeCurrent(log: &wires.log)
            wires.model.finish(log: &wires.log)
            return wires.log.violations
        }
    }

    // MARK: SPITransport

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        let now = time.elapsed
        wires.withLock { wires in
            wires.log.time = now
            wires.transferSizes.append(bytes.count)
            if bytes.count > maximumTransferSize {
                wires.log.violate(.transferSize, "a \(bytes.count)-byte transfer; spidev accepts \(maximumTransferSize)")
            }
            let busy = now < wires.model.busyUntil || wires.stuckBusyLevel != nil
            if wires.dataCommandHigh {
                if busy { wires.log.violate(.trafficWhileBusy, "\(bytes.count) data bytes while BUSY") }
                wires.recordData(bytes)
                wires.model.data(bytes, log: &wires.log)
                wires.log.offset += bytes.count
            } else {
                for byte in bytes {
                    if busy && !Model.allowedWhileBusy.contains(byte) {
                        wires.log.violate(.trafficWhileBusy, "command \(byte.hex) while BUSY")
                    }
                    if byte == 0x71 && Model.allowedWhileBusy.contains(byte) { wires.statusPolls += 1 }
                    wires.sent.append(SentCommand(opcode: byte, streamed: Model.parameterSpecs[byte] == .stream ? 0 : nil))
                    wires.model.command(byte, log: &wires.log)
                    wires.log.offset += 1
                }
            }
        }
    }

    func close() {
        wires.withLock { $0.closed = true }
    }

    // MARK: PanelLines

    func set(_ line: PanelOutputLine, high: Bool) throws {
        if line == .reset && !high { holdIfPaused() }
        let now = time.elapsed
        wires.withLock { wires in
            wires.log.time = now
            switch line {
            case .dataCommand:
                wires.dataCommandHigh = high
            case .reset:
                if !high {
                    if wires.resetLowSince == nil { wires.resetLowSince = now }
                } else if let since = wires.resetLowSince {
                    wires.resetLowSince = nil
                    if now - since < .milliseconds(1) {
                        wires.log.violate(.resetPulse, "RST was low for \(now - since)")
                    } else {
                        wires.model.hardwareReset(log: &wires.log)
                    }
                }
            case .power:
                if wires.supplyOn && !high { wires.phaseAtSupplyOff = wires.model.phase }
                if wires.supplyOn != high { wires.model.supply(on: high, log: &wires.log) }
                wires.supplyOn = high
            }
        }
    }

    func isBusyHigh() throws -> Bool {
        let now = time.elapsed
        return wires.withLock { wires in
            if let stuck = wires.stuckBusyLevel { return stuck }
            let busy = now < wires.model.busyUntil
            return busy == wires.model.busyLevelHigh
        }
    }

    func waitForBusyEdge(timeout: Duration) throws -> Bool {
        let now = time.elapsed
        let edgeIn: Duration? = wires.withLock { wires in
            guard wires.stuckBusyLevel == nil, wires.model.busyUntil > now else { return nil }
            return wires.model.busyUntil - now
        }
        if let edgeIn, edgeIn <= timeout {
            time.pass(edgeIn)
            return true
        }
        time.pass(timeout)
        return false
    }

    func release() {
        wires.withLock { $0.released = true }
    }

    private func holdIfPaused() {
        let waiter = wires.withLock { wires -> CheckedContinuation<Void, Never>?? in
            guard wires.pauseAtNextReset else { return nil }
            wires.pauseAtNextReset = false
            wires.paused = true
            defer { wires.pausedWaiter = nil }
            return .some(wires.pausedWaiter)
        }
        guard let waiter else { return }
        waiter?.resume()
        gate.wait()
        wires.withLock { $0.paused = false }
    }
}

typealias SSD168xEmulator = ControllerEmulator<SSD168xModel>
typealias UC8179Emulator = ControllerEmulator<UC8179Model>
