/// The timing of a hardware reset pulse on RST.
public struct ResetPulse: Sendable, Hashable {
    /// RST high before the pulse (lets the HAT's power circuit settle).
    public var highBefore: Duration
    /// RST held low.
    public var low: Duration
    /// RST high after the pulse, before the first command.
    public var highAfter: Duration

    /// A pulse with the given times.
    public init(highBefore: Duration, low: Duration, highAfter: Duration) {
        self.highBefore = highBefore
        self.low = low
        self.highAfter = highAfter
    }
}
