#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One message's worth of values from one sensor, in SI units, after validation.
///
/// A reading may carry no values at all (a time-only topic, a radio-clock packet, an encrypted
/// advertisement): it then proves the sensor is alive without blanking its last values.
public struct SensorReading: Sendable, Equatable {
    /// Where `observedAt` came from.
    public enum TimeSource: String, Sendable, Hashable, Codable {
        /// The payload's own timestamp.
        case payload
        /// The payload had none, or one the hub could not trust: the arrival time stands in.
        case arrival
    }

    public var sensor: SensorID
    public var ecosystem: SensorEcosystem
    /// The accepted values; `batteryLow` is 1 (low) or 0 (fine).
    public var values: FieldValues
    /// When the values were measured.
    public var observedAt: Date
    public var timeSource: TimeSource
    /// When the hub received the message.
    public var arrivedAt: Date
    /// The broker replayed this message from its retained store.
    public var retained: Bool
    /// Retained without a usable timestamp: the value may be hours old, so it is not shown as current
    /// until a live message confirms it.
    public var ageUnknown: Bool
    /// Fields whose unit the payload did not state, so the hub assumed the ecosystem's default.
    public var unitAssumed: Set<SensorField>
    /// Fields (or the timestamp) dropped from this message, each with its reason.
    public var rejections: [FieldRejection]
    /// Kept values the hub flags as questionable.
    public var suspects: [SuspectFlag]
    /// How the payload's time was read, when that needs saying (a zone-less local time, an unusable text).
    public var timeNote: TimeNote?
    /// Why a valid message carried no values (a radio-clock packet, an encrypted advertisement).
    public var noValuesReason: String?

    public init(
        sensor: SensorID, ecosystem: SensorEcosystem, values: FieldValues = [:],
        observedAt: Date, timeSource: TimeSource, arrivedAt: Date, retained: Bool = false,
        ageUnknown: Bool = false, unitAssumed: Set<SensorField> = [], rejections: [FieldRejection] = [],
        suspects: [SuspectFlag] = [], timeNote: TimeNote? = nil, noValuesReason: String? = nil
    ) {
        self.sensor = sensor
        self.ecosystem = ecosystem
        self.values = values
        self.observedAt = observedAt
        self.timeSource = timeSource
        self.arrivedAt = arrivedAt
        self.retained = retained
        self.ageUnknown = ageUnknown
        self.unitAssumed = unitAssumed
        self.rejections = rejections
        self.suspects = suspects
        self.timeNote = timeNote
        self.noValuesReason = noValuesReason
    }

    /// Whether the message carried no measurement or device value the hub could keep.
    public var hasNoValues: Bool { values.isEmpty }
}
