public import Sensors

/// Where a shown value comes from.
public enum ValueSource: Sendable, Equatable {
    case provider
    /// A local sensor, with the name to show.
    case sensor(SensorID, displayName: String)

    /// The sensor's display name, or `provider`.
    public var label: String {
        switch self {
        case .provider: "provider"
        case .sensor(_, let displayName): displayName
        }
    }
}
