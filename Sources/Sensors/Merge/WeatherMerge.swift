#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// Merges the provider's current weather with the configured outdoor sensor: per field, a current
/// sensor value replaces the provider's, a stale (or age-unknown) one does not.
public enum WeatherMerge {
    /// - Parameters:
    ///   - provider: the provider's values, if it has answered.
    ///   - outdoor: the outdoor sensor's snapshot, if one is configured and known.
    ///   - outdoorAltitude: metres, when the outdoor sensor reports station pressure.
    ///   - trend: the 3-hour pressure trend from a local barometer, if any; else the provider's.
    public static func merge(
        provider: ProviderObservation?, outdoor: SensorSnapshot?, outdoorAltitude: Double? = nil,
        trend: PressureTrend?, now: Date
    ) -> MergedWeather {
        var values: [SensorField: ShownValue] = [:]
        var currentUntil: Date?
        for field in MergedWeather.mergedFields {
            if let outdoor, let latest = outdoor.currentValue(field, at: now) {
                var value = latest.value
                if field == .pressure, let altitude = outdoorAltitude {
                    value = SeaLevelPressure.reduce(
                        station: value, altitude: altitude, temperature: outdoor.currentValue(.temperature, at: now)?.value)
                }
                values[field] = ShownValue(
                    value: value, source: .sensor(outdoor.sensor, displayName: outdoor.displayName),
                    observedAt: latest.observedAt)
                let until = latest.observedAt.addingTimeInterval(outdoor.staleAfter.timeInterval)
                currentUntil = min(currentUntil ?? until, until)
            } else if let provider, let value = provider.value(for: field) {
                values[field] = ShownValue(value: value, source: .provider, observedAt: provider.observedAt)
            }
        }
        return MergedWeather(values: values, pressureTrend: trend ?? provider?.pressureTrend, sensorValuesCurrentUntil: currentUntil)
    }
}
