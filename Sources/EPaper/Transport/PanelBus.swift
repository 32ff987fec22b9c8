/// What a panel driver needs from the wires: command and data bytes (D/C low or high), the RST pulse,
/// BUSY waits, the supply switch and plain pauses. The same drivers run on real hardware, through the
/// trace recorder and against the controller emulators in the tests.
public protocol PanelBus: AnyObject {
    /// Sends one command byte with D/C low.
    func command(_ opcode: UInt8) throws
    /// Sends parameter or pixel bytes with D/C high, in as many transfers as the link needs.
    func data(_ bytes: [UInt8]) throws
    /// Pulses RST: high, low, high again, with the given timing.
    func reset(_ pulse: ResetPulse) throws
    /// Blocks while BUSY shows `wait.busyLevelHigh`, up to `wait.timeout`.
    /// - Throws: `PanelHardwareError.Code.busyTimeout` naming the line and the panel.
    func waitWhileBusy(_ wait: BusyWait) throws
    /// Switches the panel supply (PWR) where the board has the switch.
    func setPower(_ on: Bool) throws
    /// Blocks for a fixed time (settling times the controllers need).
    func pause(_ duration: Duration)
    /// Releases the GPIO lines and closes the SPI link.
    func release()
}

extension PanelBus {
    /// Sends a command followed by its parameters.
    func command(_ opcode: UInt8, _ parameters: [UInt8]) throws {
        try command(opcode)
        if !parameters.isEmpty { try data(parameters) }
    }
}
