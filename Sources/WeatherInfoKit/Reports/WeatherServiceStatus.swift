public import FoundationEssentials

/// What `weatherctl status` prints about the weather source: where the key comes from, how many calls
/// were made today against the limit, and per location the last fault and the next allowed call.
public struct WeatherServiceStatus: Sendable, Hashable, Codable {
    /// Which source and endpoints ("OpenWeatherMap, free endpoints (weather + forecast)", "demo data").
    public var provider: String
    /// Where the API key was read from (never the key itself); `nil` when no key is set.
    public var keySource: String?
    /// Calls made since 00:00 UTC (OpenWeatherMap counts per UTC day).
    public var callsToday: Int
    /// The daily call limit the service keeps to.
    public var dailyCallLimit: Int
    /// One entry per location asked for since the service started, in the order first asked.
    public var locations: [LocationStatus]

    public init(provider: String, keySource: String?, callsToday: Int, dailyCallLimit: Int, locations: [LocationStatus]) {
        self.provider = provider
        self.keySource = keySource
        self.callsToday = callsToday
        self.dailyCallLimit = dailyCallLimit
        self.locations = locations
    }

    /// The state of one location.
    public struct LocationStatus: Sendable, Hashable, Codable {
        public var location: Location
        /// The current fault, if the last attempt failed.
        public var fault: WeatherFault?
        /// When the newest good data was fetched.
        public var lastSuccess: Date?
        /// Failed attempts in a row (the backoff exponent).
        public var consecutiveFailures: Int
        /// The earliest automatic call.
        public var nextAllowedCall: Date

        public init(location: Location, fault: WeatherFault?, lastSuccess: Date?, consecutiveFailures: Int, nextAllowedCall: Date) {
            self.location = location
            self.fault = fault
            self.lastSuccess = lastSuccess
            self.consecutiveFailures = consecutiveFailures
            self.nextAllowedCall = nextAllowedCall
        }
    }
}
