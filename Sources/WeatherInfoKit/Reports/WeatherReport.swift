public import FoundationEssentials

/// What a ``WeatherSource`` answers: the last good data it has for a location (fresh, from memory or
/// from the disk cache, each part with its fetch time) and the current fault, if any. A fault never
/// removes data: the panel shows the data with its age and a few words for the fault.
public struct WeatherReport: Sendable, Hashable, Codable {
    public var location: Location
    public var current: Fetched<CurrentConditions>?
    public var forecast: Fetched<Forecast>?
    /// The provider's recent pressure observations (with the current one), for the pressure trend.
    public var pressureLog: PressureLog
    /// Why the last attempt failed, or why none was made; `nil` when the last call succeeded.
    public var fault: WeatherFault?
    /// The earliest time a new fetch is allowed and useful (a timeline's `.after` date).
    public var nextRefreshDate: Date
    /// Whose data this is: the configured provider, or the fallback standing in for it.
    public var provider: WeatherProvider
    /// Why the configured provider is not the one answering (its own fault) while a fallback's data is
    /// shown; `nil` when the configured provider answers.
    public var fallbackReason: WeatherFault?

    /// A report; `provider` defaults to OpenWeatherMap, the hub's default source.
    public init(
        location: Location, current: Fetched<CurrentConditions>?, forecast: Fetched<Forecast>?,
        pressureLog: PressureLog = PressureLog(), fault: WeatherFault?, nextRefreshDate: Date,
        provider: WeatherProvider = .openWeatherMap, fallbackReason: WeatherFault? = nil
    ) {
        self.location = location
        self.current = current
        self.forecast = forecast
        self.pressureLog = pressureLog
        self.fault = fault
        self.nextRefreshDate = nextRefreshDate
        self.provider = provider
        self.fallbackReason = fallbackReason
    }

    /// `true` when there is anything to show.
    public var hasData: Bool { current != nil || forecast != nil }

    /// When the oldest part shown was fetched.
    public var fetchedAt: Date? {
        [current?.fetchedAt, forecast?.fetchedAt].compactMap { $0 }.min()
    }

    /// The age of the oldest part shown at `now`.
    public func age(at now: Date) -> Duration? {
        [current?.age(at: now), forecast?.age(at: now)].compactMap { $0 }.max()
    }
}
