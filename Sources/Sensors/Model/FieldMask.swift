/// A set of sensor fields as the bits of one integer: no allocation, for bookkeeping done per message.
/// `fields` gives the `Set` the public API speaks.
struct FieldMask: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    init(_ field: SensorField) {
        rawValue = 1 << UInt16(field.ordinal)
    }

    /// The fields in the mask.
    var fields: Set<SensorField> {
        var fields = Set<SensorField>(minimumCapacity: rawValue.nonzeroBitCount)
        for field in SensorField.inOrder where contains(FieldMask(field)) { fields.insert(field) }
        return fields
    }
}
