public import FoundationEssentials

/// A weather source that lets a second provider stand in while the first fails: Open-Meteo while
/// OpenWeatherMap refuses the key, lacks the subscription, rate-limits or is down.
///
/// Every request goes to the primary first, which calls its provider only when a call is due, as it
/// would alone. Only while the primary's report carries a fault that ``WeatherFault/switchesToFallback``
/// is the secondary asked, and it too calls only when its own call is due; so neither provider gets a
/// call more than it would as the only source, and while the primary answers the secondary gets none.
/// The first good answer of the primary (at its next allowed call) brings its data back at once.
///
/// The report shown while the secondary stands in is the secondary's, marked with its provider and the
/// primary's fault as ``WeatherReport/fallbackReason``, unless the primary's last good data is newer.
/// Both sources keep their own cache, ledger and backoff.
public struct FallbackWeatherSource: WeatherSource {
    /// The configured provider (OpenWeatherMap).
    public let primary: any WeatherSource
    /// The provider that stands in while the primary fails (Open-Meteo).
    public let secondary: any WeatherSource

    /// Two sources with their own caches, ledgers and manners.
    public init(primary: any WeatherSource, secondary: any WeatherSource) {
        self.primary = primary
        self.secondary = secondary
    }

    public func weather(for location: Location, force: Bool) async -> WeatherReport {
        let first = await primary.weather(for: location, force: force)
        guard let reason = first.fault, reason.switchesToFallback else { return first }
        return Self.shown(first, standIn: await secondary.weather(for: location, force: force), reason: reason)
    }

    public func cachedWeather(for location: Location) async -> WeatherReport {
        let first = await primary.cachedWeather(for: location)
        guard let reason = first.fault, reason.switchesToFallback else { return first }
        return Self.shown(first, standIn: await secondary.cachedWeather(for: location), reason: reason)
    }

    public func nextRefreshDate(for location: Location) async -> Date {
        await cachedWeather(for: location).nextRefreshDate
    }

    /// The primary's places; the secondary's while the primary cannot search. When neither can, the
    /// primary's fault, which is what its configuration must fix first.
    public func locations(matching name: String) async throws(WeatherFault) -> [Location] {
        let primaryFault: WeatherFault
        do {
            return try await primary.locations(matching: name)
        } catch {
            primaryFault = error
        }
        guard primaryFault.switchesToFallback, let places = try? await secondary.locations(matching: name) else { throw primaryFault }
        return places
    }

    /// The primary's status with the secondary's as its ``WeatherServiceStatus/fallback``, and per place
    /// whether the secondary's data are the ones shown, by the same rule as the reports.
    public func status() async -> WeatherServiceStatus {
        var status = await primary.status()
        let standIn = await secondary.status()
        for index in status.locations.indices where status.locations[index].fault?.switchesToFallback == true {
            let place = status.locations[index]
            let standInSuccess = standIn.locations.first { $0.location == place.location }?.lastSuccess
            if !Self.primaryIsNewer(place.lastSuccess, than: standInSuccess) {
                status.locations[index].answeredBy = standIn.kind
            }
        }
        status.fallback = standIn
        return status
    }

    /// The stand-in's report, marked with the primary's fault, unless the primary's data are newer;
    /// either way the next refresh is the earlier of the two, so the primary is tried again as soon as
    /// it allows.
    private static func shown(_ first: WeatherReport, standIn: WeatherReport, reason: WeatherFault) -> WeatherReport {
        let primaryIsNewer = primaryIsNewer(first.fetchedAt, than: standIn.fetchedAt)
        var shown = primaryIsNewer ? first : standIn
        if !primaryIsNewer { shown.fallbackReason = reason }
        shown.nextRefreshDate = min(first.nextRefreshDate, standIn.nextRefreshDate)
        return shown
    }

    /// Whether the primary has data newer than the stand-in's (which may have none).
    private static func primaryIsNewer(_ primary: Date?, than standIn: Date?) -> Bool {
        guard let primary else { return false }
        return primary > standIn ?? .distantPast
    }
}
