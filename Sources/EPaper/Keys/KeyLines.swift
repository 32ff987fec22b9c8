/// Input lines with edge events, as the key reader needs them. PanelHardware's `GPIOLines` is the real
/// one; the tests emulate a board.
public protocol KeyLines: AnyObject {
    /// Reads a line's level.
    func isHigh(_ line: UInt32) throws -> Bool
    /// Blocks until edges are pending or the timeout passes; `true` when edges are pending.
    func waitForEdges(timeout: Duration) throws -> Bool
    /// Reads the pending edges without blocking.
    func readEdges() throws -> [GPIOEdge]
    /// Gives the lines back to the kernel.
    func release()
}
