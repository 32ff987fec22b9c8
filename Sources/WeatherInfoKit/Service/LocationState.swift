import FoundationEssentials

/// What the service knows about one location: its last good data, its fault and its schedule.
struct LocationState: Sendable {
    var location: Location
    var current: Fetched<CurrentConditions>?
    var forecast: Fetched<Forecast>?
    /// The provider's pressure over the last hours, one observation per current-conditions fetch.
    var pressureLog = PressureLog()
    var fault: WeatherFault?
    var consecutiveFailures = 0
    /// The earliest automatic call.
    var nextAllowedCall: Date
    /// Coordinates found by geocoding a location known only by name (One Call and Open-Meteo need them).
    var resolvedCoordinates: Coordinates?

    var lastSuccess: Date? {
        [current?.fetchedAt, forecast?.fetchedAt].compactMap { $0 }.max()
    }

    /// The report, with the next refresh no earlier than a provider-wide `Retry-After` block.
    func report(provider: WeatherProvider, blockedUntil: Date?) -> WeatherReport {
        WeatherReport(
            location: location, current: current, forecast: forecast, pressureLog: pressureLog, fault: fault,
            nextRefreshDate: nextCall(blockedUntil: blockedUntil), provider: provider)
    }

    func status(blockedUntil: Date?) -> WeatherServiceStatus.LocationStatus {
        WeatherServiceStatus.LocationStatus(
            location: location, fault: fault, lastSuccess: lastSuccess, consecutiveFailures: consecutiveFailures,
            nextAllowedCall: nextCall(blockedUntil: blockedUntil))
    }

    private func nextCall(blockedUntil: Date?) -> Date {
        max(nextAllowedCall, blockedUntil ?? nextAllowedCall)
    }
}
