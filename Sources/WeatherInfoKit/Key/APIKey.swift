import HubSystem

/// An OpenWeatherMap API key. It prints as a redacted placeholder, so string interpolation in a log line
/// or an error cannot leak it; only the request builder reads the value.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    let value: String

    /// A key from text as typed or stored (surrounding whitespace and newlines removed); `nil` when the
    /// rest is empty, longer than 128 characters, or holds anything but visible ASCII.
    public init?(_ text: String) {
        let trimmed = text.trimmedWhitespace
        guard !trimmed.isEmpty, trimmed.utf8.count <= 128,
            trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        value = trimmed
    }

    public var description: String { "<redacted API key>" }
    public var debugDescription: String { description }

    /// A short, non-reversible tag of the key, stored to notice that the key changed (and a new key's
    /// activation period began) without storing the key.
    var fingerprint: String { FNV1a.hex64("openweathermap-key:" + value) }

    /// The text with every occurrence of the key replaced, for messages that might quote a URL.
    func redacting(in text: String) -> String {
        text.replacing(value, with: "REDACTED")
    }
}
