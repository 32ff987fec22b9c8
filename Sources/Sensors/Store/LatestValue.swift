#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// The most recent accepted value of one field of one sensor.
public struct LatestValue: Sendable, Equatable, Codable {
    public var value: Double
    public var observedAt: Date
    public var arrivedAt: Date
    public var timeSource: SensorReading.TimeSource
    /// Known only from a retained message without a timestamp: not shown as current.
    public var ageUnknown: Bool
    /// Why the value is flagged, if it is.
    public var suspect: String?
    /// The unit was assumed, not stated.
    public var unitAssumed: Bool

    public init(
        value: Double, observedAt: Date, arrivedAt: Date, timeSource: SensorReading.TimeSource, ageUnknown: Bool,
        suspect: String?, unitAssumed: Bool
    ) {
        self.value = value
        self.observedAt = observedAt
        self.arrivedAt = arrivedAt
        self.timeSource = timeSource
        self.ageUnknown = ageUnknown
        self.suspect = suspect
        self.unitAssumed = unitAssumed
    }

    /// Seconds since the value was measured.
    public func age(at now: Date) -> TimeInterval {
        now.timeIntervalSince(observedAt)
    }

    /// Whether the value may be shown as current: its age is known and within `staleAfter`.
    public func isCurrent(at now: Date, staleAfter: Duration) -> Bool {
        isCurrent(at: now, staleAfterSeconds: staleAfter.timeInterval)
    }

    /// `isCurrent(at:staleAfter:)` with the limit already in seconds (the store checks every message).
    func isCurrent(at now: Date, staleAfterSeconds: Double) -> Bool {
        !ageUnknown && age(at: now) <= staleAfterSeconds
    }
}
