public import FoundationEssentials

/// Why fresh weather is missing. Each case is a distinct state with a short ``panelLine`` (shown beside
/// the last good data and its age) and a ``message`` for status and logs that says what to do.
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
    /// HTTP 404 or no geocoding candidate: OpenWeatherMap does not know the place.
    case locationNotFound(name: String)
    /// HTTP 429: the key is blocked for a while; `until` is the `Retry-After` time when one was sent.
    case rateLimited(until: Date?)
    /// The service's own daily call limit is used up; calls resume after 00:00 UTC.
    case dailyLimitReached(limit: Int)
    /// HTTP 5xx.
    case serverError(status: Int)
    /// Any other HTTP error status, with OpenWeatherMap's message when it sent one.
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
    /// libcurl, which makes the calls, is not usable (not installed, too old); the reason says what to do.
    case libcurlUnavailable(reason: String)
    /// Another network failure (libcurl's code and message).
    case network(code: Int, detail: String)
    /// The request was cancelled (the service is stopping).
    case cancelled

    /// A few words for the panel, beside the data's age.
    public var panelLine: String {
        switch self {
        case .keyMissing: "no API key"
        case .keyUnusable: "key unreadable"
        case .keyNotActiveYet: "key not active yet"
        case .keyRefused: "key refused"
        case .oneCallNotSubscribed: "One Call not subscribed"
        case .locationNotFound: "city not found"
        case .rateLimited: "rate limited"
        case .dailyLimitReached: "daily limit reached"
        case .serverError(let status): "server error \(status)"
        case .unexpectedStatus(let status, _): "HTTP error \(status)"
        case .timedOut: "timed out"
        case .hostNotFound: "offline (no DNS)"
        case .connectionRefused: "offline (no connection)"
        case .tlsFailure: "TLS error"
        case .responseCutOff: "answer cut off"
        case .responseTooLarge: "answer too large"
        case .notJSON: "bad answer"
        case .unexpectedJSON: "unexpected data"
        case .insecureURL: "HTTPS required"
        case .libcurlUnavailable: "no usable libcurl"
        case .network: "offline"
        case .cancelled: "cancelled"
        }
    }

    /// A sentence or two for `weatherctl status` and the logs: what happened and what to do.
    public var message: String {
        switch self {
        case .keyMissing:
            "No OpenWeatherMap API key is set: get a free key at https://home.openweathermap.org/api_keys and set it with `weatherctl key set`."
        case .keyUnusable(let error):
            error.description
        case .keyNotActiveYet(let since):
            "OpenWeatherMap refused the API key (HTTP 401), which was first used at \(since.utcTimestamp): new keys take up to a few hours to activate, so the hub retries every few minutes. If it still fails after that, check the key with `weatherctl key set`."
        case .keyRefused:
            "OpenWeatherMap refused the API key (HTTP 401): check it at https://home.openweathermap.org/api_keys and set it with `weatherctl key set`."
        case .oneCallNotSubscribed:
            "OpenWeatherMap refused One Call 3.0 for this key (HTTP 401): subscribe to \"One Call by Call\" at https://openweathermap.org/api, or switch the weather plan back to the free endpoints."
        case .locationNotFound(let name):
            "OpenWeatherMap does not know \"\(name)\": search with `weatherctl city search` and choose one of the candidates."
        case .rateLimited(let until):
            "OpenWeatherMap is limiting this key (HTTP 429)"
                + (until.map { ": the hub waits until \($0.utcTimestamp)." } ?? ": the hub backs off and retries later.")
                + " Check that no other program uses the same key."
        case .dailyLimitReached(let limit):
            "The hub has made its \(limit) calls allowed today: it calls again after 00:00 UTC. Raise the daily limit in the configuration if your plan allows more."
        case .serverError(let status):
            "OpenWeatherMap answered HTTP \(status), an error on their side: the hub retries with growing pauses; nothing to do."
        case .unexpectedStatus(let status, let message):
            "OpenWeatherMap answered HTTP \(status)" + (message.isEmpty ? "" : " (\"\(message)\")")
                + ": check the city and the weather configuration."
        case .timedOut:
            "OpenWeatherMap did not answer in time: check the network; the hub retries with growing pauses."
        case .hostNotFound(let host):
            "Cannot resolve \(host): the hub looks offline; check the network and its DNS."
        case .connectionRefused(let host):
            "Cannot connect to \(host): the hub looks offline, or a firewall or proxy refuses the connection; check the network."
        case .tlsFailure(let detail):
            "The secure connection to OpenWeatherMap failed (\(detail)): check the system clock (certificates need the right date) and the CA certificates (`ca-certificates`)."
        case .responseCutOff:
            "The connection dropped before OpenWeatherMap's answer was complete, usually a flaky network: the hub retries."
        case .responseTooLarge(let limit):
            "OpenWeatherMap's answer was larger than \(limit) bytes: check that the base URL points at OpenWeatherMap."
        case .notJSON:
            "OpenWeatherMap's answer was not JSON (a captive portal or a proxy's error page?): check the network and the base URL."
        case .unexpectedJSON(let detail):
            "OpenWeatherMap's answer lacked expected fields (\(detail)): the hub keeps the last good data and retries; report it if it persists."
        case .insecureURL(let url):
            "The base URL \(url) is not HTTPS: use https://, or allow plain HTTP explicitly for a local proxy."
        case .libcurlUnavailable(let reason):
            reason
        case .network(let code, let detail):
            "Network error (libcurl \(code): \(detail)): check the network; the hub retries with growing pauses."
        case .cancelled:
            "The request was cancelled because the service is stopping."
        }
    }
}
