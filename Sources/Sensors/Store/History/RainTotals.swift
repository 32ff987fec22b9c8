/// What a rain gauge's counter says fell: since local midnight and over the last seven local days.
public struct RainTotals: Sendable, Equatable {
    /// Millimetres since local midnight; nil when the counter has no bucket today.
    public var today: Double?
    /// Millimetres since local midnight six days ago (today and the six days before); nil when the counter
    /// has no bucket in that time.
    public var lastSevenDays: Double?
    /// Whether the counter has gaps in those seven days. The counter keeps counting while nothing is
    /// received, so a rise across a gap is counted; but rain before a reset during a gap is lost.
    public var isPartlyCovered: Bool

    public init(today: Double?, lastSevenDays: Double?, isPartlyCovered: Bool) {
        self.today = today
        self.lastSevenDays = lastSevenDays
        self.isPartlyCovered = isPartlyCovered
    }
}
