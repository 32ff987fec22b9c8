#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InkUI
import Sensors
import WeatherInfoKit

/// One local sensor written out for the panel: name, main values, age and battery.
struct SensorRow: Sendable, Hashable {
    var name: String
    /// `.house` for rooms, `.antenna` for the outdoor sensor and others.
    var symbol: Symbol
    /// "21.4 °C  55 %": the sensor's temperature and humidity (or its first measurement).
    var values: String
    /// The first of those values alone, for narrow regions: "21.4 °C".
    var compactValues: String
    /// "2 min", or "3 h old" when stale, in the panel's language.
    var age: String
    var isStale: Bool
    var batteryLow: Bool

    /// The rows to show, outdoor first, then rooms, then the other sensors that measure something.
    static func rows(from snapshots: [SensorSnapshot], format: PanelFormatter, at now: Date) -> [SensorRow] {
        func rank(_ snapshot: SensorSnapshot) -> Int {
            switch snapshot.role {
            case .outdoor: 0
            case .room, .indoor: 1
            default: 2
            }
        }
        return snapshots
            .filter { snapshot in snapshot.values.keys.contains { $0.isMeasurement } }
            .sorted { (rank($0), $0.displayName) < (rank($1), $1.displayName) }
            .map { SensorRow($0, format: format, at: now) }
    }
}

extension SensorRow {
    /// The row for one sensor's snapshot at `now`.
    init(_ snapshot: SensorSnapshot, format: PanelFormatter, at now: Date) {
        let locale = format.locale
        name = snapshot.displayName.allSatisfy(\.isWhitespace) ? snapshot.sensor.rawValue : snapshot.displayName
        symbol = snapshot.role == .room || snapshot.role == .indoor ? .house : .antenna
        var parts: [String] = []
        if let temperature = snapshot.values[.temperature] {
            parts.append(format.preciseTemperature(celsius: temperature.value))
        }
        if let humidity = snapshot.values[.humidity] {
            parts.append(format.humidity(humidity.value))
        }
        if parts.isEmpty, let (field, latest) = snapshot.values.filter({ $0.key.isMeasurement }).min(by: { $0.key < $1.key }) {
            let number = latest.value.isFinite ? locale.oneDecimal(latest.value) : PanelFormatter.missing
            parts.append(field.unit.isEmpty ? number : "\(number) \(field.unit)")
        }
        values = parts.joined(separator: "  ")
        compactValues = parts.first ?? ""
        let newest = snapshot.values.values.filter { !$0.ageUnknown }.max { $0.observedAt < $1.observedAt }
        if let newest {
            isStale = !newest.isCurrent(at: now, staleAfter: snapshot.staleAfter)
            let age = format.age(seconds: newest.age(at: now))
            self.age = isStale ? locale.fill(locale.old, age) : age
        } else {
            isStale = true
            age = locale.ageUnknown
        }
        batteryLow = (snapshot.values[.batteryLow]?.value ?? 0) >= 1
            || (snapshot.values[.batteryLevel].map { $0.value < 15 } ?? false)
    }
}
