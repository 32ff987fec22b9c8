public import FoundationEssentials

/// Why fresh weather is missing. Each case is a distinct state with a ``message`` for status and logs
/// that says what to do; the widgets write a few words for it in the panel's language beside the last
/// good data and its age (`WeatherFault.panelLine(in:)` in WeatherWidgets).
public enum WeatherFault: Error, Sendable, Hashable, Codable {
    /// No API key in any of the places the service looks.
    case keyMissing
    /// A key place exists but its content cannot be used (unreadable file, not a key).
    case keyUnusable(APIKeyError)
    /// HTTP 401 "Invalid API key" while the key is new (first used at `since`): keys take up to a few
    /// hours to activate, so the service keeps retrying slowly.
    case keyNotActiveYet(since: Date)
    /// HTTP 401 "Invalid API key" after the activation grace period.
    case keyRefused
    /// HTTP 401 from One Call 3.0 because the key has no "One Call by Call" subscription.
    case oneCallNotSubscribed
    /// HTTP 404 or no geocoding candidate: the provider does not know the place.
    case locationNotFound(name: String)
    /// HTTP 429: the key (OpenWeatherMap) or the address (Open-Meteo) is blocked for a while; `until` is
    /// the `Retry-After` time when one was sent, or the end of the limit the provider named.
    case rateLimited(until: Date?)
    /// The service's own daily call limit is used up; calls resume after 00:00 UTC.
    case dailyLimitReached(limit: Int)
    /// HTTP 5xx.
    case serverError(status: Int)
    /// Any other HTTP error status, with the provider's message when it sent one.
    case unexpectedStatus(status: Int, message: String)
    /// No complete answer within the time limits.
    case timedOut
    /// The host name did not resolve.
    case hostNotFound(host: String)
    /// Nothing accepted the connection.
    case connectionRefused(host: String)
    /// The TLS handshake or certificate check failed.
    case tlsFailure(detail: String)
    /// The connection closed before the answer was complete.
    case responseCutOff
    /// The answer was larger than the size limit.
    case responseTooLarge(limit: Int)
    /// The answer was not JSON (a captive portal's page, a proxy error).
    case notJSON
    /// The answer was JSON but not of the expected shape.
    case unexpectedJSON(detail: String)
    /// The base URL is plain HTTP and plain HTTP is not allowed.
    case insecureURL(url: String)
    /// Another network failure, described.
    case network(detail: String)
    /// The request was cancelled (the service is stopping).
    case cancelled
}
