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

    /// A wait; without a status command it only waits for BUSY's edge.
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
