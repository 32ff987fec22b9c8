extension WeatherFault {
    /// A sentence or two for `weatherctl status` and the logs: what happened at `provider` and what to do.
    public func message(from provider: WeatherProvider) -> String {
        let name = provider.displayName
        switch self {
        case .keyMissing:
            return "No OpenWeatherMap API key is set: get a free key at https://home.openweathermap.org/api_keys and set it with `weatherctl key set`."
        case .keyUnusable(let error):
            return error.description
        case .keyNotActiveYet(let since):
            return "OpenWeatherMap refused the API key (HTTP 401), which was first used at \(since.utcTimestamp): new keys take up to a few hours to activate, so the hub retries every few minutes. If it still fails after that, check the key with `weatherctl key set`."
        case .keyRefused:
            return "OpenWeatherMap refused the API key (HTTP 401): check it at https://home.openweathermap.org/api_keys and set it with `weatherctl key set`."
        case .oneCallNotSubscribed:
            return "OpenWeatherMap refused One Call 3.0 for this key (HTTP 401): subscribe to \"One Call by Call\" at https://openweathermap.org/api, or switch the weather plan back to the free endpoints."
        case .locationNotFound(let place):
            return "\(name) does not know \"\(place)\": search with `weatherctl city search` and choose one of the candidates."
        case .rateLimited(let until):
            let wait = until.map { ": the hub waits until \($0.utcTimestamp)." } ?? ": the hub backs off and retries later."
            return provider == .openMeteo
                ? "Open-Meteo is limiting this network address (HTTP 429)\(wait) Its free API allows 10,000 calls a day, 5,000 an hour and 600 a minute per address, and other devices behind the same router count too."
                : "\(name) is limiting this key (HTTP 429)\(wait) Check that no other program uses the same key."
        case .dailyLimitReached(let limit):
            return "The hub has made its \(limit) calls to \(name) allowed today: it calls again after 00:00 UTC. Raise the daily limit in the configuration if the provider allows more."
        case .serverError(let status):
            return "\(name) answered HTTP \(status), an error on their side: the hub retries with growing pauses; nothing to do."
        case .unexpectedStatus(let status, let detail):
            return "\(name) answered HTTP \(status)" + (detail.isEmpty ? "" : " (\"\(detail)\")")
                + ": check the city and the weather configuration."
        case .timedOut:
            return "\(name) did not answer in time (a stalled network, a captive portal, a proxy holding the connection): the hub keeps the last good data and retries with growing pauses; check the network."
        case .hostNotFound(let host):
            return "Cannot resolve \(host): the hub looks offline; check the network and its DNS."
        case .connectionRefused(let host):
            return "Cannot connect to \(host): the hub looks offline, or a firewall or proxy refuses the connection; check the network."
        case .tlsFailure(let detail):
            return "The secure connection to \(name) failed (\(detail)): check the system clock (certificates need the right date) and the CA certificates (`ca-certificates`)."
        case .responseCutOff:
            return "The connection dropped before \(name)'s answer was complete, usually a flaky network: the hub retries."
        case .responseTooLarge(let limit):
            return "\(name)'s answer was larger than \(limit) bytes: check that the base URL points at \(name)."
        case .notJSON:
            return "\(name)'s answer was not JSON (a captive portal or a proxy's error page?): check the network and the base URL."
        case .unexpectedJSON(let detail):
            return "\(name)'s answer lacked expected fields (\(detail)): the hub keeps the last good data and retries; report it if it persists."
        case .insecureURL(let url):
            return "The base URL \(url) is not HTTPS: use https:// (plain http:// is allowed only to a loopback address)."
        case .network(let detail):
            return "Network error (\(detail)): check the network; the hub retries with growing pauses."
        case .cancelled:
            return "The request was cancelled because the service is stopping."
        }
    }
}
