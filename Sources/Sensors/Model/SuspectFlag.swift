/// A value the hub keeps but does not fully trust (a plausible sentinel, a unit it had to assume).
/// Widgets may mark such a value; the CLI lists the reason.
public struct SuspectFlag: Sendable, Hashable {
    public let field: SensorField
    public let reason: String

    public init(field: SensorField, reason: String) {
        self.field = field
        self.reason = reason
    }
}
