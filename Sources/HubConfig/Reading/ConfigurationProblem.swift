/// One thing wrong with the configuration, located so the user can fix it.
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file path, or the environment variable the value came from.
    public var source: String
    /// 1-based line and column in `source` when it is a file.
    public var line: Int?
    public var column: Int?
    /// The key path, e.g. `panel.refresh.min_interval`.
    public var keyPath: String
    public var message: String
    /// What to write instead, when there is a good guess.
    public var suggestion: String?

    public init(source: String, line: Int? = nil, column: Int? = nil, keyPath: String, message: String, suggestion: String? = nil) {
        self.source = source
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        var location = source
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        let key = keyPath.isEmpty ? "" : "\(keyPath): "
        let hint = suggestion.map { " (\($0))" } ?? ""
        return "\(location): \(key)\(message)\(hint)"
    }
}

/// The configuration cannot be used; every problem found is listed, not only the first.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var problems: [ConfigurationProblem]

    public init(problems: [ConfigurationProblem]) {
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "the configuration has \(count):\n" + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
