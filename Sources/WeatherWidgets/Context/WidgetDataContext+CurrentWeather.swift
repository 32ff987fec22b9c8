#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Sensors
public import WeatherInfoKit

extension WidgetDataContext {
    /// Weather data older than this is shown with its age and a warning sign: it counts as stale.
    public static let weatherStaleAfter: TimeInterval = 3600

    /// The provider's current values merged with the outdoor sensor as they stand at `date`, as the
    /// weather widget shows them; the provider's alone when there are no sensors or the sensor store
    /// cannot answer.
    public func merged(_ report: WeatherReport, at date: Date) async -> MergedWeather {
        let observation = report.current.map { ProviderObservation($0, pressureLog: report.pressureLog) }
        if let store = sensors, let merged = try? await store.currentWeather(merging: observation, at: date) {
            return merged
        }
        return WeatherMerge.merge(provider: observation, outdoor: nil, trend: nil, now: date)
    }
}
