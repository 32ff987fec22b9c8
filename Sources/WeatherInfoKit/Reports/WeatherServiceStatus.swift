public import FoundationEssentials

/// What `weatherctl status` prints about the weather source: which provider, where the key comes from,
/// how many calls were made today against the limit, per location the last fault and the next allowed
/// call, and with a fallback configured the fallback's own status and which provider answers each place.
public struct WeatherServiceStatus: Sendable, Hashable, Codable {
    /// Which source and endpoints ("OpenWeatherMap, free endpoints (weather + forecast)", "demo data").
    public var provider: String
    /// Which provider this is.
    public var kind: WeatherProvider
    /// Where the API key was read from (never the key itself); `nil` when no key is set or needed.
    public var keySource: String?
    /// Calls made since 00:00 UTC, as the provider counts them (both providers count per UTC day).
    public var callsToday: Int
    /// The daily call limit the service keeps to.
    public var dailyCallLimit: Int
    /// One entry per location asked for since the service started, in the order first asked.
    public var locations: [LocationStatus]
    /// `12 of 1000`: the calls made today against the limit; `nil` for the demo data, which makes none.
    public var callsTodayText: String? {
        kind == .demo ? nil : "\(callsToday) of \(dailyCallLimit)"
    }
    /// The provider standing in while this one fails (`provider.fallback`), with its own calls and
    /// places; `nil` without a fallback.
    public var fallback: WeatherServiceStatus? {
        get { fallbacks.first }
        set { fallbacks = newValue.map { [$0] } ?? [] }
    }
    // A struct cannot hold an optional of itself; an array can.
    private var fallbacks: [WeatherServiceStatus] = []

    /// A status; `kind` defaults to OpenWeatherMap, the hub's default source.
    public init(
        provider: String, kind: WeatherProvider = .openWeatherMap, keySource: String?, callsToday: Int, dailyCallLimit: Int,
        locations: [LocationStatus], fallback: WeatherServiceStatus? = nil
    ) {
        self.provider = provider
        self.kind = kind
        self.keySource = keySource
        self.callsToday = callsToday
        self.dailyCallLimit = dailyCallLimit
        self.locations = locations
        self.fallback = fallback
    }

    private enum CodingKeys: String, CodingKey {
        case provider, kind, keySource, callsToday, dailyCallLimit, locations, fallback
    }

    /// Decodes a status, its fallback's included.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            provider: try container.decode(String.self, forKey: .provider),
            kind: try container.decode(WeatherProvider.self, forKey: .kind),
            keySource: try container.decodeIfPresent(String.self, forKey: .keySource),
            callsToday: try container.decode(Int.self, forKey: .callsToday),
            dailyCallLimit: try container.decode(Int.self, forKey: .dailyCallLimit),
            locations: try container.decode([LocationStatus].self, forKey: .locations),
            fallback: try container.decodeIfPresent(WeatherServiceStatus.self, forKey: .fallback))
    }

    /// Encodes the status; without a fallback, `fallback` is left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(provider, forKey: .provider)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(keySource, forKey: .keySource)
        try container.encode(callsToday, forKey: .callsToday)
        try container.encode(dailyCallLimit, forKey: .dailyCallLimit)
        try container.encode(locations, forKey: .locations)
        try container.encodeIfPresent(fallback, forKey: .fallback)
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
        /// The provider whose data the panel shows for the place while this one fails (the fallback);
        /// `nil` when this provider answers.
        public var answeredBy: WeatherProvider?

        public init(
            location: Location, fault: WeatherFault?, lastSuccess: Date?, consecutiveFailures: Int, nextAllowedCall: Date,
            answeredBy: WeatherProvider? = nil
        ) {
            self.location = location
            self.fault = fault
            self.lastSuccess = lastSuccess
            self.consecutiveFailures = consecutiveFailures
            self.nextAllowedCall = nextAllowedCall
            self.answeredBy = answeredBy
        }
    }
}
