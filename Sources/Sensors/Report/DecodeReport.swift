#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// `weatherctl sensors decode --topic TOPIC`: what the hub extracts from one payload — identity,
/// observation time, each value in SI units — or why it refuses it. Runs the service's own checks,
/// decoders and validation, without a broker, a store or a running service; `weatherctl` writes it
/// as text or JSON.
public struct DecodeReport: Sendable {
    /// What the hub would do with the message.
    public enum Verdict: String, Sendable {
        /// Something would be kept (values, an availability, unit metadata).
        case kept
        /// Valid, but nothing a weather hub keeps (bridge status, a tyre sensor).
        case ignored
        /// Refused whole.
        case rejected
    }

    /// What the message turned out to be.
    public enum Outcome: Sendable {
        /// Readings of one or more sensors, each kept or refused.
        case sensors([SensorOutcome])
        /// An availability announcement (`online`/`offline`) of `source`.
        case availability(source: SensorID, state: SensorAvailability.State)
        /// Unit metadata (a Home Assistant discovery config) for the sensor on `stateTopic`.
        case unitHint(stateTopic: String, unit: String?, deviceClass: String?)
        /// Valid, but nothing a weather hub keeps, and why.
        case ignored(String)
        /// Refused whole, counted against `countedAgainst`.
        case rejected(countedAgainst: SensorID, reason: RejectionReason)
    }

    /// One sensor's part of a message.
    public enum SensorOutcome: Sendable {
        /// The reading as the hub would store it; `stale`: older than `staleAfter`, so not shown as current.
        case kept(SensorReading, stale: Bool, staleAfter: Duration)
        /// Nothing of it can be kept; `rejections` lists each field's reason.
        case rejected(sensor: SensorID?, reason: RejectionReason, rejections: [FieldRejection])
    }

    /// The topic the payload was decoded as arriving on.
    public let topic: String
    /// What the hub would do with the message.
    public let verdict: Verdict
    /// What the message turned out to be.
    public let outcome: Outcome

    /// Whether the CLI should exit non-zero: nothing from the message would reach the panel.
    public var isRejected: Bool { verdict != .kept }

    /// Interprets one payload as if it had arrived on `topic` at `now`.
    public init(topic: String, payload: [UInt8], retained: Bool = false, now: Date, settings: SensorSettings = SensorSettings()) {
        self.topic = topic
        let interpreter = MessageInterpreter(settings: settings)
        let profiles = SensorProfiles(settings.profiles, defaultStaleAfter: settings.defaultStaleAfter)
        let message = IncomingMessage(topic: topic, payload: payload, retained: retained, arrivedAt: now)
        switch interpreter.interpret(message, unitHints: UnitHintRegistry(capacity: settings.limits.maxUnitHints)) {
        case .sensors(let verdicts):
            let kept = verdicts.contains { if case .accepted = $0 { true } else { false } }
            verdict = kept ? .kept : .rejected
            outcome = .sensors(verdicts.map { Self.sensorOutcome($0, profiles: profiles, now: now) })
        case .availability(let announcement):
            verdict = .kept
            outcome = .availability(source: announcement.source, state: announcement.state)
        case .unitHint(let stateTopic, let hint):
            verdict = .kept
            outcome = .unitHint(stateTopic: stateTopic, unit: hint.unit, deviceClass: hint.deviceClass)
        case .ignored(let why):
            verdict = .ignored
            outcome = .ignored(why)
        case .rejected(let source, let reason):
            verdict = .rejected
            outcome = .rejected(countedAgainst: source, reason: reason)
        }
    }

    private static func sensorOutcome(_ verdict: ReadingValidator.Verdict, profiles: SensorProfiles, now: Date) -> SensorOutcome {
        switch verdict {
        case .rejected(let sensor, let reason, let rejections):
            return .rejected(sensor: sensor, reason: reason, rejections: rejections)
        case .accepted(let reading):
            let staleAfter = profiles.staleAfter(for: reading.sensor)
            let stale = !reading.ageUnknown && now.timeIntervalSince(reading.observedAt) > staleAfter.timeInterval
            return .kept(reading, stale: stale, staleAfter: staleAfter)
        }
    }
}
