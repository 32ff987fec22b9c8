import HubSystem
/// A JSON object in payload order. A key repeated with the same value is kept once; a key repeated with
/// a different value is listed in `conflictingKeys` so decoders can refuse it instead of guessing.
struct JSONObject: Equatable, Sendable {
    /// One `"key": value` pair, with the key's `FNV1a` hash so lookups compare integers before strings.
    struct Member: Equatable, Sendable {
        let key: String
        let value: ScannedJSONValue
        let keyHash: UInt32

        init(key: String, value: ScannedJSONValue) {
            self.key = key
            self.value = value
            keyHash = FNV1a.hash32(key)
        }
    }

    private(set) var members: [Member] = []
    private(set) var conflictingKeys: Set<String> = []
    /// Key positions, built once an object grows past a few members so duplicate checks stay linear.
    private var index: [String: Int] = [:]

    /// An empty object with room for the members a sensor payload usually has.
    init() {
        members.reserveCapacity(8)
    }

    /// Builds an object from pairs (first occurrence wins, conflicts recorded as when parsing).
    init(_ pairs: [(String, ScannedJSONValue)]) {
        for (key, value) in pairs { append(key: key, value: value) }
    }

    /// The value of the first member named `key`.
    subscript(key: String) -> ScannedJSONValue? {
        position(of: key, hash: FNV1a.hash32(key)).map { members[$0].value }
    }

    /// Whether `key` appeared twice with different values.
    func isConflicting(_ key: String) -> Bool {
        !conflictingKeys.isEmpty && conflictingKeys.contains(key)
    }

    var isEmpty: Bool { members.isEmpty }

    mutating func append(key: String, value: ScannedJSONValue) {
        let member = Member(key: key, value: value)
        if let existing = position(of: key, hash: member.keyHash) {
            if members[existing].value != value { conflictingKeys.insert(key) }
            return
        }
        members.append(member)
        if !index.isEmpty {
            index[key] = members.count - 1
        } else if members.count > 16 {
            for (offset, member) in members.enumerated() { index[member.key] = offset }
        }
    }

    private func position(of key: String, hash: UInt32) -> Int? {
        if !index.isEmpty { return index[key] }
        return members.firstIndex { $0.keyHash == hash && $0.key == key }
    }
}
