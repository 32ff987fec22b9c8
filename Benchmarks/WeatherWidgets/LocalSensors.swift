import Foundation
import Sensors

/// Four local sensors as the store reports them (the golden tests' set): an outdoor one, two rooms, one
/// with a low battery, and a cellar reading two hours old.
enum LocalSensors {
    static func snapshots(at now: Date) -> [SensorSnapshot] {
        [
            snapshot("garden", "Garden", .outdoor, [.temperature: 23.4, .humidity: 41], age: 120, now: now),
            snapshot("living", "Living room", .room, [.temperature: 21.8, .humidity: 48], age: 300, now: now),
            snapshot("bedroom", "Bedroom", .room, [.temperature: 19.6, .humidity: 52, .batteryLevel: 8], age: 60, now: now),
            snapshot("cellar", "Cellar", .room, [.temperature: 12.1, .humidity: 71], age: 7200, now: now),
        ]
    }

    private static func snapshot(
        _ id: String, _ name: String, _ role: SensorRole, _ values: [SensorField: Double], age: TimeInterval, now: Date
    ) -> SensorSnapshot {
        let observedAt = now - age
        return SensorSnapshot(
            sensor: SensorID(id), displayName: name, role: role, ecosystem: .zigbee2mqtt,
            values: values.mapValues { value in
                LatestValue(
                    value: value, observedAt: observedAt, arrivedAt: observedAt, timeSource: .payload, ageUnknown: false,
                    suspect: nil, unitAssumed: false)
            },
            lastSeen: observedAt, availability: nil, staleAfter: .seconds(3600), rejectedCount: 0, lastRejection: nil,
            lastRejectionAt: nil)
    }
}
