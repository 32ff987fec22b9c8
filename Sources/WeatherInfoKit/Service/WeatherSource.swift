public import FoundationEssentials

/// A source of weather reports: what the weather widgets' timeline provider, `weatherctl` and the demo
/// mode call. A ``WeatherService`` calls OpenWeatherMap or Open-Meteo, a ``FallbackWeatherSource`` lets
/// the second stand in while the first fails, and ``DemoWeatherSource`` is the offline one. One instance
/// is shared by every widget.
public protocol WeatherSource: Sendable {
    /// The report for a location. Calls the network only when a fetch is due, or when `force` is set
    /// (a person asked: `weatherctl reload`, a key press); otherwise answers from memory or the disk
    /// cache. Never throws: a fault travels in the report beside the last good data.
    func weather(for location: Location, force: Bool) async -> WeatherReport

    /// The report from memory or the disk cache, without any network call: for a widget's placeholder
    /// and snapshot.
    func cachedWeather(for location: Location) async -> WeatherReport

    /// When the next fetch for the location is allowed and useful: a timeline's `.after` date.
    func nextRefreshDate(for location: Location) async -> Date

    /// Up to five places matching a name ("Paris" gives Paris FR and Paris, TX, US), for
    /// `weatherctl city search`. Throws the fault when the search cannot be made.
    func locations(matching name: String) async throws(WeatherFault) -> [Location]

    /// Provider, key source, calls today against the limit, and per location the last fault and next
    /// call (with a fallback, its status too): for `weatherctl status`.
    func status() async -> WeatherServiceStatus
}
