/// What a sensor stands for on the panel.
public enum SensorRole: String, Sendable, Equatable, CaseIterable {
    /// The outdoor sensor whose fresh values replace the provider's current weather.
    case outdoor
    /// A room shown under its display name.
    case room
    /// The barometer for the 3-hour pressure trend (the outdoor sensor is used when none is named).
    case barometer
}
