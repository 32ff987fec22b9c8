#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Sensors
public import WeatherInfoKit

extension WidgetDataContext {
    /// Weather data older than this is shown with its age and a warning sign: it counts as stale.
    public static let weatherStaleAfter: TimeInterval = 3600

    /// The provider's current values merged with the outdoor sensor as they stand at `date`, as the
    /// weather widget shows them; the provider's alone when there are no sensors or the sensor store
    /// cannot answer.
    public func merged(_ report: WeatherReport, at date: Date) async -> MergedWeather {
        if let store = sensors, let sensors = try? await store.outdoorWeather(at: date) {
            return WeatherMerge.merge(
                report: report, outdoor: sensors.outdoor, outdoorAltitude: sensors.outdoorAltitude,
                trend: sensors.barometer.map(PressureTrend.init), now: date)
        }
        return WeatherMerge.merge(report: report, outdoor: nil, trend: nil, now: date)
    }
}
