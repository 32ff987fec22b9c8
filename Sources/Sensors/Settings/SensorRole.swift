/// What a sensor stands for on the panel.
public enum SensorRole: String, Sendable, Equatable, CaseIterable, Codable {
    /// The outdoor sensor whose fresh values replace the provider's current weather.
    case outdoor
    /// A room shown under its display name.
    case room
    /// The room the weather widget shows beside the outdoor values (and lists as a room); without one,
    /// a hub with a single room sensor shows that one.
    case indoor
    /// The barometer for the 3-hour pressure trend (the outdoor sensor is used when none is named).
    case barometer
}
