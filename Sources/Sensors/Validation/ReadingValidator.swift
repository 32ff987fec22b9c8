#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// Turns a decoder's draft into a reading the hub may keep: refuses hostile identities, sentinel and
/// out-of-range values field by field, flags suspect ones, and decides which time to trust (a payload
/// time in the future, before 2000 or unreadable gives way to the arrival time; a retained message
/// without one has an unknown age).
struct ReadingValidator: Sendable {
    /// The earliest payload time believed: earlier ones come from a device whose clock was never set.
    static let earliestCredibleTime = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z

    var futureTolerance: Duration
    var timeZone: TimeZoneRules

    /// The result for one draft.
    enum Verdict: Equatable {
        case accepted(SensorReading)
        /// Nothing of the message can be kept; `rejections` lists each field's reason.
        case rejected(sensor: SensorID?, reason: RejectionReason, rejections: [FieldRejection])
    }

    func validate(_ draft: ReadingDraft, retained: Bool, arrivedAt: Date) -> Verdict {
        if let problem = IdentityCheck.problem(withIdentity: draft.sensor) {
            return .rejected(sensor: nil, reason: problem, rejections: [])
        }
        let sensor = SensorID(draft.sensor)
        // The draft's values, less those refused below.
        var values = draft.values
        var rejections = draft.rejections
        var suspects: [SuspectFlag] = []
        for (field, value) in draft.values {
            let sentinel = SentinelTable.match(field, value)
            if let sentinel, sentinel.severity == .suspect {
                suspects.append(SuspectFlag(field: field, reason: sentinel.why))
            }
            let limits = PhysicalRange.limits(for: field)
            let refusal: RejectionReason
            if let sentinel, sentinel.severity == .reject {
                refusal = RejectionReason(.sentinelValue, sentinel.why)
            } else if !value.isFinite {
                refusal = RejectionReason(.nonFiniteNumber, "\(field.key) is not finite")
            } else if !limits.contains(value) {
                refusal = RejectionReason(
                    .outOfRange,
                    "\(field.key) \(ReportNumber.format(value, digits: 2)) is outside \(ReportNumber.format(limits.lowerBound, digits: 0))…\(ReportNumber.format(limits.upperBound, digits: 0))")
            } else {
                if let plausible = PhysicalRange.plausible(for: field), !plausible.range.contains(value) {
                    suspects.append(SuspectFlag(field: field, reason: plausible.why))
                }
                continue
            }
            values[field] = nil
            rejections.append(FieldRejection(key: draft.sourceKey(of: field) ?? field.key, reason: refusal))
        }
        suspects += crossChecks(values)
        let (observedAt, timeSource, timeNote, timeRejection) = observationTime(draft.payloadTime, arrivedAt: arrivedAt)
        if let timeRejection { rejections.append(timeRejection) }
        if values.isEmpty && !rejections.isEmpty && draft.noMeasurementsNote == nil {
            let reason =
                rejections.count == 1
                ? rejections[0].reason
                : RejectionReason(
                    rejections[0].reason.code,
                    "no usable value: " + rejections.map(\.reason.detail).joined(separator: "; "))
            return .rejected(sensor: sensor, reason: reason, rejections: rejections)
        }
        return .accepted(
            SensorReading(
                sensor: sensor, ecosystem: draft.ecosystem, values: values, observedAt: observedAt,
                timeSource: timeSource, arrivedAt: arrivedAt, retained: retained,
                ageUnknown: retained && timeSource == .arrival,
                unitAssumed: draft.unitAssumed.isEmpty ? [] : draft.unitAssumed.filter { values[$0] != nil },
                rejections: rejections, suspects: suspects,
                timeNote: timeNote, noValuesReason: values.isEmpty ? draft.noMeasurementsNote : nil))
    }

    /// Relations between fields of one message that a working sensor never breaks.
    private func crossChecks(_ values: FieldValues) -> [SuspectFlag] {
        var flags: [SuspectFlag] = []
        if let gust = values[.windGust], let average = values[.windAverage], gust + 0.05 < average {
            flags.append(SuspectFlag(field: .windGust, reason: "the gust is below the average wind speed"))
        }
        if let dewPoint = values[.dewPoint], let temperature = values[.temperature], dewPoint > temperature + 0.5 {
            flags.append(SuspectFlag(field: .dewPoint, reason: "the dew point is above the air temperature"))
        }
        return flags
    }

    private func observationTime(_ payloadTime: PayloadTime?, arrivedAt: Date)
        -> (Date, SensorReading.TimeSource, TimeNote?, FieldRejection?)
    {
        let instant: Date
        var note: TimeNote?
        switch payloadTime {
        case nil:
            return (arrivedAt, .arrival, nil, nil)
        case .unusable(let text, let why)?:
            return (arrivedAt, .arrival, .unusable(text: text, why: why), nil)
        case .instant(let date)?:
            instant = date
        case .localTime(let date, let text)?:
            instant = date
            note = .readAsLocalTime(text: text, zone: timeZone.identifier)
        }
        if instant.timeIntervalSince(arrivedAt) > futureTolerance.timeInterval {
            let ahead = ReportDuration.format(seconds: instant.timeIntervalSince(arrivedAt))
            let rejection = FieldRejection(
                key: "observed_at",
                reason: RejectionReason(
                    .timestampInFuture, "the payload time is \(ahead) ahead of the hub's clock: using the arrival time"))
            return (arrivedAt, .arrival, nil, rejection)
        }
        if instant < Self.earliestCredibleTime {
            return (arrivedAt, .arrival, .clockNotSet, nil)
        }
        return (instant, .payload, note, nil)
    }
}
