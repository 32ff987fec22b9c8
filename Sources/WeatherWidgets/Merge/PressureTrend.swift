public import Sensors
import WeatherInfoKit

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

    /// The barometer's change, as the sensor store measured it.
    public init(_ barometer: BarometerChange) {
        self.init(
            change: barometer.change, window: barometer.window,
            source: .sensor(barometer.sensor, displayName: barometer.displayName))
    }

    /// The provider's change over three hours from its pressure log; `nil` while the log is too short.
    init?(providerLog log: PressureLog) {
        guard let change = log.change(over: 3 * 3600) else { return nil }
        self.init(change: change.hectopascals, window: .seconds(change.interval), source: .provider)
    }
}
