/// The barometric tendency over the last three hours, from a local barometer or the provider's
/// observations.
public struct PressureTrend: Sendable, Equatable {
    /// Which way the pressure moves.
    public enum Tendency: String, Sendable, Equatable {
        case rising, falling, steady
    }

    public var tendency: Tendency
    /// hPa gained (positive) or lost over `window`.
    public var change: Double
    public var window: Duration
    /// The barometer, or the provider when no barometer is known.
    public var source: ValueSource

    /// Changes smaller than this many hPa over three hours read as steady: consumer barometers drift by
    /// a few tenths, and forecasters call less than 1 hPa in 3 h "little change".
    public static let steadyBand = 1.0

    public init(change: Double, window: Duration, source: ValueSource) {
        self.change = change
        self.window = window
        self.source = source
        if abs(change) < Self.steadyBand {
            tendency = .steady
        } else {
            tendency = change > 0 ? .rising : .falling
        }
    }
}
