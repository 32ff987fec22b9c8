/// An MQTT topic split at `/` (empty levels kept, as MQTT does).
struct TopicLevels: Sendable {
    let topic: String
    let levels: [Substring]

    init(_ topic: String) {
        self.topic = topic
        // Split on the byte: `/` is ASCII and never part of a multi-byte character.
        var levels: [Substring] = []
        levels.reserveCapacity(8)
        let bytes = topic.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                levels.append(Substring(bytes[start..<index]))
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        levels.append(Substring(bytes[start...]))
        self.levels = levels
    }

    var count: Int { levels.count }
    var first: Substring? { levels.first }
    var last: Substring? { levels.last }

    /// The level `offset` places from the end (0 = last).
    func fromEnd(_ offset: Int) -> Substring? {
        offset < levels.count ? levels[levels.count - 1 - offset] : nil
    }

    /// Levels `range` joined back with `/`.
    func joined(_ range: Range<Int>) -> String {
        levels[range].joined(separator: "/")
    }

    /// The topic without its last `count` levels.
    func dropping(last count: Int) -> String {
        joined(0..<max(0, levels.count - count))
    }
}
