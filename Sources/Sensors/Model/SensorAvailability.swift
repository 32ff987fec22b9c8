#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An online/offline announcement (a last will, a bridge's availability topic): not a measurement.
public struct SensorAvailability: Sendable, Hashable {
    /// What the device or its bridge says about itself.
    public enum State: String, Sendable, Hashable, Codable {
        case online
        case offline
    }

    /// The device (or gateway) the announcement is about, e.g. `zigbee2mqtt/Temperatur Balkon`.
    public let source: SensorID
    public let state: State
    public let arrivedAt: Date

    public init(source: SensorID, state: State, arrivedAt: Date) {
        self.source = source
        self.state = state
        self.arrivedAt = arrivedAt
    }
}
