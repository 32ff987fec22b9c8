import Foundation
import HubSystem
@testable import Sensors

/// Fixed times and settings so decoding tests do not depend on the machine's clock or zone.
enum TestMessages {
    /// 2025-06-14T10:00:00Z, after every fixture's payload time.
    static let now = Date(timeIntervalSince1970: 1_749_895_200)

    static func settings(
        profiles: [SensorProfile] = [], subscriptions: [SensorSubscription] = SensorSubscription.ecosystemDefaults,
        limits: IntakeLimits = IntakeLimits(), timeZone: TimeZoneRules = .utc
    ) -> SensorSettings {
        SensorSettings(subscriptions: subscriptions, profiles: profiles, limits: limits, timeZone: timeZone)
    }

    /// Interprets one message the way the intake does, with no learned unit hints.
    static func interpret(
        _ topic: String, _ payload: String, retained: Bool = false, at time: Date = now,
        settings: SensorSettings = settings(), unitHints: UnitHintRegistry = UnitHintRegistry(capacity: 16)
    ) -> MessageInterpreter.Interpretation {
        interpret(topic, bytes: Array(payload.utf8), retained: retained, at: time, settings: settings, unitHints: unitHints)
    }

    static func interpret(
        _ topic: String, bytes: [UInt8], retained: Bool = false, at time: Date = now,
        settings: SensorSettings = settings(), unitHints: UnitHintRegistry = UnitHintRegistry(capacity: 16)
    ) -> MessageInterpreter.Interpretation {
        MessageInterpreter(settings: settings).interpret(
            IncomingMessage(topic: topic, payload: bytes, retained: retained, arrivedAt: time), unitHints: unitHints)
    }

    /// The accepted readings of an interpretation (empty when it refused or ignored the message).
    static func readings(_ interpretation: MessageInterpreter.Interpretation) -> [SensorReading] {
        guard case .sensors(let verdicts) = interpretation else { return [] }
        return verdicts.compactMap { verdict in
            if case .accepted(let reading) = verdict { return reading }
            return nil
        }
    }

    /// The single accepted reading of a message, or nil.
    static func reading(
        _ topic: String, _ payload: String, retained: Bool = false, at time: Date = now,
        settings: SensorSettings = settings(), unitHints: UnitHintRegistry = UnitHintRegistry(capacity: 16)
    ) -> SensorReading? {
        let all = readings(interpret(topic, payload, retained: retained, at: time, settings: settings, unitHints: unitHints))
        return all.count == 1 ? all[0] : nil
    }

    /// The reason a message was refused whole, or nil when it was not.
    static func rejection(_ interpretation: MessageInterpreter.Interpretation) -> RejectionReason? {
        switch interpretation {
        case .rejected(_, let reason): return reason
        case .sensors(let verdicts):
            let reasons = verdicts.compactMap { verdict -> RejectionReason? in
                if case .rejected(_, let reason, _) = verdict { return reason }
                return nil
            }
            return reasons.count == verdicts.count ? reasons.first : nil
        default: return nil
        }
    }

    static func date(_ iso: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: iso) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: iso)!
    }
}
