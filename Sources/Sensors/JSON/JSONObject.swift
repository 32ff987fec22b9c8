/// A JSON object in payload order. A key repeated with the same value is kept once; a key repeated with
/// a different value is listed in `conflictingKeys` so decoders can refuse it instead of guessing.
struct JSONObject: Equatable, Sendable {
    /// One `"key": value` pair.
    struct Member: Equatable, Sendable {
        let key: String
        let value: JSONValue
    }

    private(set) var members: [Member] = []
    private(set) var conflictingKeys: Set<String> = []
    /// Key positions, built once an object grows past a few members so duplicate checks stay linear.
    private var index: [String: Int] = [:]

    init() {}

    /// Builds an object from pairs (first occurrence wins, conflicts recorded as when parsing).
    init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { append(key: key, value: value) }
    }

    /// The value of the first member named `key`.
    subscript(key: String) -> JSONValue? {
        position(of: key).map { members[$0].value }
    }

    /// Whether `key` appeared twice with different values.
    func isConflicting(_ key: String) -> Bool {
        !conflictingKeys.isEmpty && conflictingKeys.contains(key)
    }

    var isEmpty: Bool { members.isEmpty }

    mutating func append(key: String, value: JSONValue) {
        if let existing = position(of: key) {
            if members[existing].value != value { conflictingKeys.insert(key) }
            return
        }
        members.append(Member(key: key, value: value))
        if !index.isEmpty {
            index[key] = members.count - 1
        } else if members.count > 16 {
            for (offset, member) in members.enumerated() { index[member.key] = offset }
        }
    }

    private func position(of key: String) -> Int? {
        if !index.isEmpty { return index[key] }
        return members.firstIndex { $0.key == key }
    }
}
