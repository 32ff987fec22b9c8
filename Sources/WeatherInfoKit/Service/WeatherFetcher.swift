/// One provider's calls, made by ``WeatherService`` under the manners every provider shares (single
/// flight, minimum interval, backoff, `Retry-After`, daily ledger, disk cache). A fetcher has no memory
/// of its own: what it must remember lives in the service's state and ledger, which it reaches through
/// the `isolated` service it is handed.
protocol WeatherFetcher: Sendable {
    /// Which provider this is.
    var provider: WeatherProvider { get }
    /// The source as `weatherctl status` names it ("OpenWeatherMap One Call 3.0").
    var description: String { get }
    /// The units the provider is asked for.
    var units: Units { get }
    /// The most calls per UTC day, as the provider counts them.
    var dailyCallLimit: Int { get }

    /// The key the calls carry, read again at every refresh; `nil` for a provider that needs none.
    /// Throws ``WeatherFault/keyMissing`` or ``WeatherFault/keyUnusable(_:)``: then no call is made.
    func key() throws(WeatherFault) -> APIKeySource.Found?

    /// Where the key comes from, for status (never the key); `nil` when there is none.
    func keyOrigin() -> String?

    /// Fetches the location's current conditions and forecast. Spends each call with
    /// ``WeatherService/spendCalls(_:)`` before making it and keeps each part with
    /// ``WeatherService/keep(_:for:earlierPressure:)`` and ``WeatherService/keep(_:for:)`` as it arrives,
    /// so a fault halfway keeps what came before.
    func refresh(_ location: Location, key: APIKey?, in service: isolated WeatherService) async throws(WeatherFault)

    /// Up to `limit` places matching `name` (`{name},{state},{country}`, the last two optional), having
    /// spent the call; an empty list when nothing matches.
    func locations(matching name: String, limit: Int, key: APIKey?, in service: isolated WeatherService) async throws(WeatherFault) -> [Location]
}

extension WeatherFetcher {
    /// A provider without keys.
    func key() throws(WeatherFault) -> APIKeySource.Found? { nil }

    /// A provider without keys.
    func keyOrigin() -> String? { nil }
}
