/// Maps an ecosystem's payload keys to fields and units. When several keys feed one field
/// (`temperature_C` and `temperature_F`, `SeaPressure` and `Pressure`), the earlier table entry wins.
struct FieldKeyTable: Sendable {
    struct Entry: Sendable {
        let field: SensorField
        let unit: MeasurementUnit
        let rank: Int
    }

    private let entries: [String: Entry]

    init(_ list: [(key: String, field: SensorField, unit: MeasurementUnit)]) {
        var entries: [String: Entry] = [:]
        for (rank, item) in list.enumerated() where entries[item.key] == nil {
            entries[item.key] = Entry(field: item.field, unit: item.unit, rank: rank)
        }
        self.entries = entries
    }

    func entry(for key: String) -> Entry? { entries[key] }

    /// Reads every member this table knows into `draft`, converting units; `unitOverride` replaces the
    /// table's unit for a quantity (Tasmota's `TempUnit`, a device configured in °F).
    func apply(
        to draft: inout ReadingDraft, from object: JSONObject,
        unitOverride: (MeasurementUnit.Quantity) -> MeasurementUnit? = { _ in nil }
    ) {
        var ranks: [SensorField: Int] = [:]
        for member in object.members {
            guard let entry = entries[member.key] else { continue }
            if let existing = ranks[entry.field], existing < entry.rank { continue }
            if object.isConflicting(member.key) {
                draft.reject(
                    member.key,
                    RejectionReason(.conflictingDuplicateKey, "\"\(member.key)\" appears twice with different values"))
                continue
            }
            switch NumericValue.read(member.value, key: member.key) {
            case .number(let number):
                let unit = unitOverride(entry.unit.quantity) ?? entry.unit
                draft.values[entry.field] = unit.toHubUnit(number)
                draft.sourceKeys[entry.field] = member.key
                ranks[entry.field] = entry.rank
            case .absent:
                continue
            case .rejected(let reason):
                draft.reject(member.key, reason)
            }
        }
    }
}
