import HubSystem
/// Maps an ecosystem's payload keys to fields and units. When several keys feed one field
/// (`temperature_C` and `temperature_F`, `SeaPressure` and `Pressure`), the earlier table entry wins.
///
/// Every member of every message is looked up here, so the table is a small open-addressing hash
/// table on the keys' `FNV1a` hashes, which the parser already computed.
struct FieldKeyTable: Sendable {
    struct Entry: Sendable {
        let key: String
        let keyHash: UInt32
        let field: SensorField
        let unit: MeasurementUnit
        let rank: Int
    }

    private let entries: [Entry]
    /// Positions in `entries` (or -1 for an empty slot); the count is a power of two above twice the entries.
    private let slots: [Int]

    init(_ list: [(key: String, field: SensorField, unit: MeasurementUnit)]) {
        var entries: [Entry] = []
        for (rank, item) in list.enumerated() where !entries.contains(where: { $0.key == item.key }) {
            entries.append(
                Entry(key: item.key, keyHash: FNV1a.hash32(item.key), field: item.field, unit: item.unit, rank: rank))
        }
        var slots = [Int](repeating: -1, count: 4)
        while slots.count < entries.count * 2 { slots += slots }
        for (position, entry) in entries.enumerated() {
            var slot = Int(entry.keyHash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = position
        }
        self.entries = entries
        self.slots = slots
    }

    func entry(for key: String) -> Entry? {
        entry(for: key, hash: FNV1a.hash32(key))
    }

    private func entry(for key: String, hash: UInt32) -> Entry? {
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let entry = entries[slots[slot]]
            if entry.keyHash == hash && entry.key == key { return entry }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Reads every member this table knows into `draft`, converting units; `unitOverride` replaces the
    /// table's unit for a quantity (Tasmota's `TempUnit`, a device configured in °F).
    func apply(
        to draft: inout ReadingDraft, from object: JSONObject,
        unitOverride: (MeasurementUnit.Quantity) -> MeasurementUnit? = { _ in nil }
    ) {
        // The fields this object set so far; on a second key for one of them, the earlier table entry wins.
        var setHere: FieldMask = []
        for member in object.members {
            guard let entry = entry(for: member.key, hash: member.keyHash) else { continue }
            if setHere.contains(FieldMask(entry.field)), let setter = draft.sourceKey(of: entry.field),
                let earlier = self.entry(for: setter), earlier.rank < entry.rank
            {
                continue
            }
            if object.isConflicting(member.key) {
                draft.reject(
                    member.key,
                    RejectionReason(.conflictingDuplicateKey, "\"\(member.key)\" appears twice with different values"))
                continue
            }
            switch NumericValue.read(member.value, key: member.key) {
            case .number(let number):
                let unit = unitOverride(entry.unit.quantity) ?? entry.unit
                draft.replace(entry.field, with: unit.toHubUnit(number), from: member.key)
                setHere.insert(FieldMask(entry.field))
            case .absent:
                continue
            case .rejected(let reason):
                draft.reject(member.key, reason)
            }
        }
    }
}
