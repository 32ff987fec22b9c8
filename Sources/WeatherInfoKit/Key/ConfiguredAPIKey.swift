/// A key written in the service's configuration (`provider.api_key`), with where it was written, so status
/// and logs name the right place. It prints redacted, like `APIKey`.
public struct ConfiguredAPIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The key as written.
    public let text: String
    /// Where: "configuration /etc/weatherhub/config.yaml (provider.api_key)" or the overriding variable.
    public let origin: String

    /// A key and the place it was written, for messages.
    public init(text: String, origin: String) {
        self.text = text
        self.origin = origin
    }

    public var description: String { "<redacted API key>" }
    public var debugDescription: String { description }
}
