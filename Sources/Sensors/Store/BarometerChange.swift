/// How much a local barometer's pressure changed over a window, as the store measured it from its
/// history.
public struct BarometerChange: Sendable, Equatable {
    /// The barometer.
    public var sensor: SensorID
    /// Its name to show.
    public var displayName: String
    /// hPa gained (positive) or lost over `window`.
    public var change: Double
    /// The span the change is measured over.
    public var window: Duration

    /// A change as given.
    public init(sensor: SensorID, displayName: String, change: Double, window: Duration) {
        self.sensor = sensor
        self.displayName = displayName
        self.change = change
        self.window = window
    }
}
