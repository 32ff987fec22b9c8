/// A GET request as an ``HTTPTransport`` sends it: the full URL (already percent-encoded) and extra
/// headers.
public struct HTTPRequest: Sendable, Hashable {
    /// The absolute URL, with every query value percent-encoded.
    public var url: String
    /// Headers sent in addition to the transport's own (user agent, accepted encodings).
    public var headers: [HTTPHeader]

    public init(url: String, headers: [HTTPHeader] = []) {
        self.url = url
        self.headers = headers
    }
}

/// One header field; names compare case-insensitively where headers are looked up.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
