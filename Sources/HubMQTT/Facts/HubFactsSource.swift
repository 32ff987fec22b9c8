#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EPaper
import HubConfig
import Sensors
import SharedDefaultsKit
import WeatherInfoKit
import WeatherWidgets

/// Gathers the hub's facts from the running parts, as the panel sees them: the cached report for the
/// city shown (never a network call), merged with the outdoor sensor, the provider's status, the
/// panel's counters and the shared defaults.
struct HubFactsSource: Sendable {
    let data: WidgetDataContext
    let panel: PanelController
    let features: HubFeatures

    /// The facts at `now`, and when they next change by themselves (a sensor value going stale, the
    /// weather data reaching the stale age); `nil` when only an event can change them.
    func facts(at now: Date, ages: inout ObservationAges) async -> (facts: HubFacts, changesAt: Date?) {
        let location = data.location
        let report = await data.weather.cachedWeather(for: location)
        let merged = await data.merged(report, at: now)
        var outdoor: [SensorField: HubFacts.Measurement] = [:]
        for field in HubFacts.outdoorFields {
            guard let shown = merged.values[field] else { continue }
            let sensor = Self.sensorName(of: shown.source)
            outdoor[field] = HubFacts.Measurement(
                value: (shown.value * 100).rounded() / 100, source: sensor ?? report.provider.displayName, fromSensor: sensor != nil,
                observedAt: shown.observedAt, ageSeconds: ages.age(of: shown, for: field, at: now))
        }
        let condition = report.current.flatMap { current in
            current.value.condition.map { HubFacts.Condition(text: $0.description, code: $0.id, observedAt: current.value.observedAt) }
        }
        var trend: HubFacts.Trend?
        if let pressureTrend = merged.pressureTrend {
            trend = HubFacts.Trend(trend: pressureTrend, observedAt: await pressureTime(of: pressureTrend, report: report, at: now))
        }
        let panelStatus = await panel.status()
        let facts = HubFacts(
            outdoor: outdoor, condition: condition, pressureTrend: trend,
            providerCalls: Self.calls(await data.weather.status(), counted: features.countedProviders),
            panel: features.wiredPanel
                ? HubFacts.Panel(lastRefresh: panelStatus.counters.lastRefreshAt, refreshesSinceFull: panelStatus.counters.updatesSinceFull)
                : nil,
            problems: Self.problems(report, panel: panelStatus, at: now), city: location.displayName,
            forecastDay: data.defaults.value(for: .selectedForecastDay))
        return (facts, Self.nextChange(report, merged: merged, at: now))
    }

    /// When the newest pressure of a trend was measured: the provider's observation, or the barometer's
    /// current reading.
    private func pressureTime(of trend: PressureTrend, report: WeatherReport, at now: Date) async -> Date? {
        switch trend.source {
        case .provider: report.current?.value.observedAt
        case .sensor(let sensor, _): await data.sensors?.snapshot(of: sensor)?.currentValue(.pressure, at: now)?.observedAt
        }
    }

    private static func sensorName(of source: ValueSource) -> String? {
        if case .sensor(_, let displayName) = source { return displayName }
        return nil
    }

    /// The calls of each counted provider, the fallback's included.
    private static func calls(_ status: WeatherServiceStatus, counted: [WeatherProvider]) -> [HubFacts.ProviderCalls] {
        let statuses = [status] + (status.fallback.map { [$0] } ?? [])
        return counted.compactMap { provider in
            statuses.first { $0.kind == provider }.map {
                HubFacts.ProviderCalls(provider: provider, callsToday: $0.callsToday, dailyLimit: $0.dailyCallLimit)
            }
        }
    }

    /// What makes the panel wrong or old: the provider's fault, a failed refresh, stale or missing data.
    private static func problems(_ report: WeatherReport, panel: PanelStatus, at now: Date) -> [String] {
        var problems: [String] = []
        if let fault = report.fault { problems.append("weather: \(fault.message(from: report.provider))") }
        if let failure = panel.lastError { problems.append("panel: \(failure.message)") }
        if let age = report.age(at: now) {
            let seconds = Double(age.components.seconds)
            if seconds >= WidgetDataContext.weatherStaleAfter {
                problems.append("stale: the weather data are \(Int(seconds / 60)) minutes old")
            }
        } else {
            problems.append("stale: no weather data yet")
        }
        return problems
    }

    /// The earliest moment the facts change without an event: a sensor value is current up to and
    /// including its limit, the data turn stale at their stale age.
    private static func nextChange(_ report: WeatherReport, merged: MergedWeather, at now: Date) -> Date? {
        let staleAt = report.fetchedAt.map { $0 + WidgetDataContext.weatherStaleAfter }
        return [merged.sensorValuesCurrentUntil.map { $0 + 1 }, staleAt].compactMap { $0 }.filter { $0 > now }.min()
    }
}
