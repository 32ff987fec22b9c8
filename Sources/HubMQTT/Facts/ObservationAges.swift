#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sensors
import WeatherWidgets

/// Remembers when the hub first saw each shown value, so the age it publishes with a value is the age
/// at that moment and stays the same until the value or its observation changes (a new age every time
/// the hub looks would be a change, and a publish, every time).
struct ObservationAges: Sendable {
    private struct Seen: Equatable {
        var value: ShownValue
        var at: Date
    }

    private var seen: [SensorField: Seen] = [:]

    /// The seconds `value` was old when first seen.
    mutating func age(of value: ShownValue, for field: SensorField, at now: Date) -> Int {
        if let known = seen[field], known.value == value {
            return max(0, Int(value.age(at: known.at).rounded()))
        }
        seen[field] = Seen(value: value, at: now)
        return max(0, Int(value.age(at: now).rounded()))
    }
}
