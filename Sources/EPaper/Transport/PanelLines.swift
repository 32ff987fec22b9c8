/// The panel's output lines besides SPI.
public enum PanelOutputLine: String, Sendable, Hashable, CaseIterable {
    /// RST, active low.
    case reset
    /// D/C: low for a command byte, high for parameters and pixel data.
    case dataCommand
    /// PWR, the switch for the panel's supply on newer Waveshare HATs (high = on).
    case power
}

/// The GPIO side of a panel: RST, D/C, PWR as outputs and BUSY as an input with edge events.
public protocol PanelLines: AnyObject {
    /// Drives an output line. A line the wiring does not have (PWR on older HATs) is ignored.
    func set(_ line: PanelOutputLine, high: Bool) throws
    /// The BUSY line's current level.
    func isBusyHigh() throws -> Bool
    /// Blocks until the next edge on BUSY or the timeout.
    /// - Returns: `true` when an edge arrived.
    func waitForBusyEdge(timeout: Duration) throws -> Bool
    /// Gives the lines back (outputs keep their last level in the kernel until re-requested).
    func release()
}
