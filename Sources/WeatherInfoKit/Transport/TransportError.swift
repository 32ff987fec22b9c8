/// Why a transfer produced no complete HTTP response.
public enum TransportError: Error, Sendable, Hashable {
    /// The host name did not resolve (no DNS, no network, or a typo in the base URL).
    case hostNotFound(host: String)
    /// Nothing accepted the connection (refused, or no route to the host).
    case connectionRefused(host: String)
    /// The connect or total time limit passed before the response was complete.
    case timedOut
    /// The TLS handshake or the certificate check failed.
    case tls(detail: String)
    /// The connection closed before the response was complete.
    case cutOff
    /// The body grew past the configured size limit.
    case tooLarge(limit: Int)
    /// The URL's scheme is not allowed (plain HTTP while only HTTPS is).
    case schemeNotAllowed(url: String)
    /// The task was cancelled; the transfer was aborted.
    case cancelled
    /// Any other failure, described.
    case failed(detail: String)
}
