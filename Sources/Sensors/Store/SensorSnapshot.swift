#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everything the hub knows about one sensor: its latest values with their times, its role and name
/// from the configuration, its availability, and what it sent that the hub refused.
public struct SensorSnapshot: Sendable, Equatable, Codable {
    public var sensor: SensorID
    /// The configured name, else the identity.
    public var displayName: String
    public var role: SensorRole?
    public var ecosystem: SensorEcosystem?
    public var values: [SensorField: LatestValue]
    /// When the hub last accepted a message from the sensor (values or not).
    public var lastSeen: Date?
    /// The last online/offline announcement about the sensor or its device.
    public var availability: SensorAvailability.State?
    public var staleAfter: Duration
    /// Messages (or fields) refused since the sensor was first seen.
    public var rejectedCount: Int
    public var lastRejection: RejectionReason?
    public var lastRejectionAt: Date?
    /// The configuration keeps it off the panel (`hidden: true`).
    public var hidden: Bool

    public init(
        sensor: SensorID, displayName: String, role: SensorRole?, ecosystem: SensorEcosystem?,
        values: [SensorField: LatestValue], lastSeen: Date?, availability: SensorAvailability.State?,
        staleAfter: Duration, rejectedCount: Int, lastRejection: RejectionReason?, lastRejectionAt: Date?, hidden: Bool = false
    ) {
        self.sensor = sensor
        self.displayName = displayName
        self.role = role
        self.ecosystem = ecosystem
        self.values = values
        self.lastSeen = lastSeen
        self.availability = availability
        self.staleAfter = staleAfter
        self.rejectedCount = rejectedCount
        self.lastRejection = lastRejection
        self.lastRejectionAt = lastRejectionAt
        self.hidden = hidden
    }

    /// The value of `field` if it may be shown as current at `now`.
    public func currentValue(_ field: SensorField, at now: Date) -> LatestValue? {
        guard let value = values[field], value.isCurrent(at: now, staleAfter: staleAfter) else { return nil }
        return value
    }
}
