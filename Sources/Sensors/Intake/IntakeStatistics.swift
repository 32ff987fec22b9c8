/// Counters of what the intake did with the messages it received (for status and the benchmark).
public struct IntakeStatistics: Sendable, Equatable {
    public var received = 0
    /// Messages from which at least one reading was stored.
    public var stored = 0
    /// Messages refused whole (including rate-limited and over-limit ones).
    public var rejected = 0
    public var rateLimited = 0
    public var refusedSensorLimit = 0
    /// Valid messages without weather meaning (bridge status, other device types).
    public var ignored = 0
    /// Repeats of the previous reading of the same sensor.
    public var duplicates = 0
    public var availability = 0
    /// Home Assistant unit and device-class metadata learned.
    public var unitHints = 0

    public init() {}

    /// Adds another set of counts (a batch's) to these.
    mutating func add(_ other: IntakeStatistics) {
        received += other.received
        stored += other.stored
        rejected += other.rejected
        rateLimited += other.rateLimited
        refusedSensorLimit += other.refusedSensorLimit
        ignored += other.ignored
        duplicates += other.duplicates
        availability += other.availability
        unitHints += other.unitHints
    }
}
