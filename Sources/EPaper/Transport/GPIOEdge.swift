/// One level change seen on a requested input line.
public struct GPIOEdge: Sendable, Hashable {
    /// The line number on its chip (BCM number on a Raspberry Pi).
    public var line: UInt32
    /// `true` for low → high.
    public var rising: Bool

    /// An edge on a line.
    public init(line: UInt32, rising: Bool) {
        self.line = line
        self.rising = rising
    }
}
