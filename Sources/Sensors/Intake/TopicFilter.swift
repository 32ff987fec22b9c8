/// MQTT topic filter matching (`+` one level, `#` the rest), as the broker applies it.
enum TopicFilter {
    static func matches(_ filter: String, topic: String) -> Bool {
        // Wildcards at the first level do not match `$SYS`-style topics.
        if topic.hasPrefix("$"), filter.hasPrefix("+") || filter.hasPrefix("#") { return false }
        let filterLevels = filter.split(separator: "/", omittingEmptySubsequences: false)
        let topicLevels = topic.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in filterLevels.enumerated() {
            if level == "#" { return true }
            guard index < topicLevels.count else { return false }
            if level != "+" && level != topicLevels[index] { return false }
        }
        return filterLevels.count == topicLevels.count
    }
}
