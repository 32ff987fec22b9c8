/// The broker settings cannot work as given (detected before connecting, so retrying would not help).
public struct MQTTConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
