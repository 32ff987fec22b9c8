#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem
public import Sensors
public import WeatherInfoKit

/// Merges the provider's current weather with the configured outdoor sensor: per field, a current
/// sensor value replaces the provider's, a stale (or age-unknown) one does not.
public enum WeatherMerge {
    /// - Parameters:
    ///   - report: the provider's report; its current conditions (if it has answered) and, with them,
    ///     the 3-hour change in its pressure log.
    ///   - outdoor: the outdoor sensor's snapshot, if one is configured and known.
    ///   - outdoorAltitude: metres, when the outdoor sensor reports station pressure.
    ///   - trend: the 3-hour pressure trend from a local barometer, if any; else the provider's.
    public static func merge(
        report: WeatherReport, outdoor: SensorSnapshot?, outdoorAltitude: Double? = nil, trend: PressureTrend?, now: Date
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
            } else if let current = report.current, let value = providerValue(field, in: current) {
                values[field] = ShownValue(value: value, source: .provider, observedAt: current.value.observedAt)
            }
        }
        let providerTrend = report.current == nil ? nil : PressureTrend(providerLog: report.pressureLog)
        return MergedWeather(values: values, pressureTrend: trend ?? providerTrend, sensorValuesCurrentUntil: currentUntil)
    }

    /// The provider's value for a merged field, in the field's SI unit.
    private static func providerValue(_ field: SensorField, in fetched: Fetched<CurrentConditions>) -> Double? {
        let conditions = fetched.value
        return switch field {
        case .temperature: PhysicalValue.celsius(conditions.temperature, from: fetched.units)
        case .humidity: Double(conditions.humidity)
        case .pressure: Double(conditions.pressure)
        case .windAverage: PhysicalValue.metresPerSecond(conditions.wind.speed, from: fetched.units)
        case .windGust: conditions.wind.gust.map { PhysicalValue.metresPerSecond($0, from: fetched.units) }
        case .windDirection: conditions.wind.direction.map(Double.init)
        default: nil
        }
    }
}
