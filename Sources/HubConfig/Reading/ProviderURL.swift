/// The providers' URLs: HTTPS, or plain HTTP only to a loopback address (a local caching proxy, the
/// test servers), which the weather source then allows.
public enum ProviderURL {
    /// What the configuration accepts, for its messages.
    static let expected = "a URL starting with https:// (http:// only to 127.0.0.1, localhost or [::1])"

    /// The URL if the configuration accepts it.
    static func accepted(_ text: String) -> String? {
        let lower = text.lowercased()
        guard text.count > 8 else { return nil }
        return lower.hasPrefix("https://") || (lower.hasPrefix("http://") && isLoopback(lower)) ? text : nil
    }

    /// Whether the URL is plain HTTP to a loopback address.
    public static func isLoopback(_ url: String) -> Bool {
        let url = url.lowercased()
        return ["http://127.0.0.1", "http://localhost", "http://[::1]"].contains { url == $0 || url.hasPrefix($0 + ":") || url.hasPrefix($0 + "/") }
    }
}
