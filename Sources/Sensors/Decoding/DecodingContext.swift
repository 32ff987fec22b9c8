#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What decoders may consult besides the message: how to read timestamps, the learned Home Assistant
/// unit hints, the configured per-device units, and the quantity and unit pinned to a plain-number topic.
struct DecodingContext: Sendable {
    var timestamps: TimestampParser
    var unitHints: UnitHintRegistry
    var profiles: SensorProfiles
    /// The field a subscription pins for bare numbers on topics whose name says nothing.
    var pinnedField: SensorField?
    /// The unit a subscription states for bare numbers (`unit:`).
    var pinnedUnit: MeasurementUnit?

    /// The temperature unit configured for a device that does not state one in its payload
    /// (a Shelly Gen1 H&T set to °F), if any.
    func configuredTemperatureUnit(for sensor: String) -> MeasurementUnit? {
        profiles.profile(for: SensorID(sensor))?.temperatureUnit.flatMap { MeasurementUnit(symbol: $0) }
    }
}
