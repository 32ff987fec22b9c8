/// A decoder's result for one sensor before validation: values already in SI units, the payload's
/// time as written, and what the decoder itself had to drop.
struct ReadingDraft: Equatable, Sendable {
    var sensor: String
    var ecosystem: SensorEcosystem
    var values = FieldValues()
    /// The payload key each value came from, for rejection messages (a few: a list costs less than a
    /// dictionary).
    private(set) var sourceKeys: [SourceKey] = []
    var payloadTime: PayloadTime?
    var unitAssumed: Set<SensorField> = []
    var rejections: [FieldRejection] = []
    /// Why a valid message carries no values (a radio-clock packet, an encrypted advertisement).
    var noMeasurementsNote: String?

    init(sensor: String, ecosystem: SensorEcosystem) {
        self.sensor = sensor
        self.ecosystem = ecosystem
    }

    /// The payload key a value came from.
    struct SourceKey: Equatable, Sendable {
        var field: SensorField
        var key: String
    }

    /// Keeps `value` for `field` unless a preferred key already set it.
    mutating func set(_ field: SensorField, _ value: Double, from key: String) {
        guard values[field] == nil else { return }
        replace(field, with: value, from: key)
    }

    /// Sets `value` for `field`, replacing any earlier one.
    mutating func replace(_ field: SensorField, with value: Double, from key: String) {
        values[field] = value
        if let index = sourceKeys.firstIndex(where: { $0.field == field }) {
            sourceKeys[index].key = key
        } else {
            sourceKeys.append(SourceKey(field: field, key: key))
        }
    }

    /// The payload key `field`'s value came from.
    func sourceKey(of field: SensorField) -> String? {
        sourceKeys.first { $0.field == field }?.key
    }

    mutating func reject(_ key: String, _ reason: RejectionReason) {
        rejections.append(FieldRejection(key: key, reason: reason))
    }

    /// Reads a JSON member as a number for `field`, converting from `unit`, and records why not.
    mutating func take(_ field: SensorField, key: String, in object: JSONObject, unit: MeasurementUnit? = nil) {
        guard values[field] == nil, let value = object[key] else { return }
        if object.isConflicting(key) {
            reject(key, RejectionReason(.conflictingDuplicateKey, "\"\(key)\" appears twice with different values"))
            return
        }
        switch NumericValue.read(value, key: key) {
        case .number(let number): set(field, unit?.toHubUnit(number) ?? number, from: key)
        case .absent: break
        case .rejected(let reason): reject(key, reason)
        }
    }

    /// Reads a JSON member as a yes/no battery flag (`true`, 1, "LOW"…): `lowWhen` says which answer
    /// means "low".
    mutating func takeBatteryFlag(key: String, in object: JSONObject, lowWhen low: Bool) {
        guard values[.batteryLow] == nil, let value = object[key] else { return }
        if object.isConflicting(key) {
            reject(key, RejectionReason(.conflictingDuplicateKey, "\"\(key)\" appears twice with different values"))
            return
        }
        switch NumericValue.readFlag(value, key: key) {
        case .number(let flag): set(.batteryLow, (flag == 1) == low ? 1 : 0, from: key)
        case .absent: break
        case .rejected(let reason): reject(key, reason)
        }
    }
}
