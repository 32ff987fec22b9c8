#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import WeatherInfoKit

/// Tells the hub's MQTT side each time the weather source answered a report, so new weather is
/// published when it arrives: the service wraps its weather source with `observing(_:)`. Nothing polls.
public final class WeatherReportSignal: Sendable {
    private let continuation: AsyncStream<Void>.Continuation
    /// One element per answered report (the newest kept while nobody listens). One listener.
    let reports: AsyncStream<Void>

    /// A signal nobody has raised yet.
    public init() {
        (reports, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// `source`, signalling each report it answers.
    public func observing(_ source: any WeatherSource) -> any WeatherSource {
        ObservedWeatherSource(base: source, signal: self)
    }

    fileprivate func answered() {
        continuation.yield()
    }
}

/// A weather source that signals its reports; everything else goes to the source it wraps.
private struct ObservedWeatherSource: WeatherSource {
    let base: any WeatherSource
    let signal: WeatherReportSignal

    func weather(for location: Location, force: Bool) async -> WeatherReport {
        let report = await base.weather(for: location, force: force)
        signal.answered()
        return report
    }

    func cachedWeather(for location: Location) async -> WeatherReport {
        await base.cachedWeather(for: location)
    }

    func nextRefreshDate(for location: Location) async -> Date {
        await base.nextRefreshDate(for: location)
    }

    func locations(matching name: String) async throws(WeatherFault) -> [Location] {
        try await base.locations(matching: name)
    }

    func status() async -> WeatherServiceStatus {
        await base.status()
    }
}
