extension WeatherFault {
    /// Whether a fallback provider should stand in while the configured one has this fault.
    ///
    /// Every fault that says the configured provider cannot answer now switches: no key, an unusable,
    /// new or refused key, One Call not subscribed, rate limited, the daily limit, its server errors,
    /// timeouts, the network and its TLS, answers cut off, too large or of the wrong shape, an insecure
    /// URL, any other HTTP error. Two do not: "city not found", because the place itself is wrong (the
    /// person must choose another, and a second geocoder could answer for another place of that name),
    /// and a cancelled call, which says nothing about the provider.
    public var switchesToFallback: Bool {
        switch self {
        case .locationNotFound, .cancelled: false
        default: true
        }
    }
}
