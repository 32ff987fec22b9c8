#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Sensors

/// What the weather widgets show for "now": each field with its source and time, the pressure trend,
/// and when a sensor value in it will go stale (the widget's timeline should reload then).
public struct MergedWeather: Sendable, Equatable {
    /// Shown values keyed by `.temperature`, `.humidity`, `.pressure`, `.windAverage`, `.windGust`,
    /// `.windDirection`; a field neither source has is absent.
    public var values: [SensorField: ShownValue]
    public var pressureTrend: PressureTrend?
    /// The earliest moment a sensor value used here stops being current.
    public var sensorValuesCurrentUntil: Date?

    public init(values: [SensorField: ShownValue], pressureTrend: PressureTrend?, sensorValuesCurrentUntil: Date?) {
        self.values = values
        self.pressureTrend = pressureTrend
        self.sensorValuesCurrentUntil = sensorValuesCurrentUntil
    }

    /// The fields the merge decides between the provider and the outdoor sensor.
    public static let mergedFields: [SensorField] = [
        .temperature, .humidity, .pressure, .windAverage, .windGust, .windDirection,
    ]
}
