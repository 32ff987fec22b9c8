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

/// The timing of a hardware reset pulse on RST.
public struct ResetPulse: Sendable, Hashable {
    /// RST high before the pulse (lets the HAT's power circuit settle).
    public var highBefore: Duration
    /// RST held low.
    public var low: Duration
    /// RST high after the pulse, before the first command.
    public var highAfter: Duration

    public init(highBefore: Duration, low: Duration, highAfter: Duration) {
        self.highBefore = highBefore
        self.low = low
        self.highAfter = highAfter
    }
}

/// One wait for the controller to finish, as the driver knows it.
public struct BusyWait: Sendable, Hashable {
    /// The BUSY level that means "busy": high on SSD1680/SSD1683, low on UC8179.
    public var busyLevelHigh: Bool
    /// How long before the wait fails.
    public var timeout: Duration
    /// A command to send on every poll while busy (UC8179 `0x71`, get status), or `nil` to just wait
    /// for the edge.
    public var statusCommand: UInt8?
    /// How long to wait for an edge between two status commands.
    public var pollInterval: Duration
    /// What the controller is doing, for the error message ("full refresh").
    public var operation: String

    public init(
        busyLevelHigh: Bool, timeout: Duration, statusCommand: UInt8? = nil, pollInterval: Duration = .milliseconds(20),
        operation: String
    ) {
        self.busyLevelHigh = busyLevelHigh
        self.timeout = timeout
        self.statusCommand = statusCommand
        self.pollInterval = pollInterval
        self.operation = operation
    }
}
