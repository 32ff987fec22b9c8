/// A value for each of a few sensor fields, held inline: a message carries a handful of the sixteen
/// fields, and a dictionary would cost an allocation and a hash for each of them. Iterates in field
/// order (`SensorField`'s `<`).
public struct FieldValues: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var slots = SIMD16<Double>()
    /// The fields that have a value (the other slots hold 0).
    private(set) var present: FieldMask = []

    public init() {}

    public init(dictionaryLiteral elements: (SensorField, Double)...) {
        for (field, value) in elements { self[field] = value }
    }

    /// The field's value, or nil; assigning nil removes it.
    public subscript(field: SensorField) -> Double? {
        get { present.contains(FieldMask(field)) ? slots[field.ordinal] : nil }
        set {
            slots[field.ordinal] = newValue ?? 0
            if newValue != nil { present.insert(FieldMask(field)) } else { present.remove(FieldMask(field)) }
        }
    }

    public var isEmpty: Bool { present.isEmpty }
    public var count: Int { present.rawValue.nonzeroBitCount }

    /// The fields that have a value, in field order.
    public var fields: [SensorField] { map(\.field) }

    public var description: String {
        "[" + map { "\($0.field.key): \($0.value)" }.joined(separator: ", ") + "]"
    }

    public func makeIterator() -> Iterator {
        Iterator(values: self)
    }

    /// The `(field, value)` pairs in field order.
    public struct Iterator: IteratorProtocol {
        fileprivate let values: FieldValues
        fileprivate var remaining: UInt16

        fileprivate init(values: FieldValues) {
            self.values = values
            remaining = values.present.rawValue
        }

        public mutating func next() -> (field: SensorField, value: Double)? {
            guard remaining != 0 else { return nil }
            let ordinal = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return (SensorField.inOrder[ordinal], values.slots[ordinal])
        }
    }
}

extension SensorField {
    /// Every field in declaration order, indexed by `ordinal`.
    static let inOrder = allCases
}
