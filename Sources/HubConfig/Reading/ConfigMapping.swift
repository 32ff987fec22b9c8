import Yams

/// Collects every problem found while a configuration is read, so all of them are reported at once.
final class ConfigDiagnostics {
    let source: String
    /// Key paths whose value came from an environment variable, with the variable's name.
    let overrides: [String: String]
    private(set) var problems: [ConfigurationProblem] = []

    init(source: String, overrides: [String: String] = [:]) {
        self.source = source
        self.overrides = overrides
    }

    /// Where a key's value was written, for messages: the overriding environment variable or the file.
    func origin(of keyPath: String) -> String {
        overrides[keyPath].map { "environment variable \($0)" } ?? "configuration \(source) (\(keyPath))"
    }

    func report(_ keyPath: String, at node: Node?, _ message: String, suggestion: String? = nil) {
        if overrides[keyPath] != nil {
            problems.append(ConfigurationProblem(source: origin(of: keyPath), keyPath: keyPath, message: message, suggestion: suggestion))
        } else {
            problems.append(ConfigurationProblem(
                source: source, line: node?.mark?.line, column: node?.mark?.column, keyPath: keyPath,
                message: message, suggestion: suggestion))
        }
    }
}

/// A YAML mapping read key by key. Keys nobody asked for are reported as unknown (with the closest known
/// key as a suggestion) when the section is finished, so a typo never silently falls back to a default.
final class ConfigMapping {
    let path: String
    let node: Node?
    let diagnostics: ConfigDiagnostics
    private let pairs: [(key: String, keyNode: Node, value: Node)]
    private var knownKeys: [String] = []

    /// Every value is read from its text by the typed readers, so the YAML scalars need no implicit types:
    /// Yams's basic resolver leaves them all strings and never compiles its type-guessing regular
    /// expressions (ICU's regex engine, about a megabyte of resident code and data on a small board).
    static var resolver: Resolver { .basic }

    /// The tag for nodes made outside the parser (environment overrides, edits), resolved the same way.
    /// Every node the hub makes needs it: Yams's own default tag reaches for the default resolver and
    /// compiles its regular expressions even for a mapping or a sequence.
    static var plainTag: Tag { Tag(.implicit, resolver) }

    init(path: String, node: Node?, diagnostics: ConfigDiagnostics) {
        self.path = path
        self.node = node
        self.diagnostics = diagnostics
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        switch node {
        case .mapping(let mapping)?:
            var seen: Set<String> = []
            for (key, value) in mapping {
                guard let name = key.string else {
                    diagnostics.report(path, at: key, "keys must be plain words")
                    continue
                }
                if !seen.insert(name).inserted {
                    diagnostics.report(Self.join(path, name), at: key, "appears twice; keep one")
                }
                pairs.append((name, key, value))
            }
        case nil:
            break
        case .scalar(let scalar)? where Self.isEmpty(scalar.string):
            break
        default:
            diagnostics.report(path, at: node, "expected a section of `key: value` lines")
        }
        self.pairs = pairs
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func keyPath(_ key: String) -> String { Self.join(path, key) }

    /// The raw node for a key, marking the key as known.
    func node(_ key: String) -> Node? {
        knownKeys.append(key)
        return pairs.last { $0.key == key }?.value
    }

    /// Whether the key is written in the file (or the environment).
    func contains(_ key: String) -> Bool {
        pairs.contains { $0.key == key }
    }

    /// A scalar value parsed by `parse`, which returns `nil` to reject it; `expected` describes the valid
    /// form for the error message.
    func scalar<Value>(_ key: String, default fallback: Value, expected: String, suggestion: ((String) -> String?)? = nil,
                       _ parse: (String) -> Value?) -> Value {
        guard let node = node(key) else { return fallback }
        guard case .scalar(let scalar) = node else {
            diagnostics.report(keyPath(key), at: node, "expected \(expected), found a \(Self.kind(of: node))")
            return fallback
        }
        if let value = parse(scalar.string) { return value }
        diagnostics.report(keyPath(key), at: node, "expected \(expected), found \"\(scalar.string)\"", suggestion: suggestion?(scalar.string))
        return fallback
    }

    /// A nested section; an absent one reads as empty so its defaults apply.
    func section(_ key: String) -> ConfigMapping {
        ConfigMapping(path: keyPath(key), node: node(key), diagnostics: diagnostics)
    }

    /// The items of a list; an absent list is empty.
    func list(_ key: String) -> [Node] {
        guard let node = node(key) else { return [] }
        switch node {
        case .sequence(let sequence): return Array(sequence)
        case .scalar(let scalar) where Self.isEmpty(scalar.string): return []
        default:
            diagnostics.report(keyPath(key), at: node, "expected a list of `- item` lines")
            return []
        }
    }

    /// The keys of a mapping whose keys are names chosen by the user (sensor ids), with their sections.
    func namedSections(_ key: String) -> [(name: String, section: ConfigMapping)] {
        let container = section(key)
        return container.pairs.map { pair in
            container.knownKeys.append(pair.key)
            return (pair.key, ConfigMapping(path: container.keyPath(pair.key), node: pair.value, diagnostics: diagnostics))
        }
    }

    /// Reports every key that no reader asked for. Call once the section has been read.
    func finish() {
        for pair in pairs where !knownKeys.contains(pair.key) {
            let guess = Suggestion.closest(to: pair.key, in: knownKeys)
            diagnostics.report(keyPath(pair.key), at: pair.keyNode, "unknown key", suggestion: guess.map { "did you mean `\($0)`?" })
        }
    }

    /// The line of the section itself, for problems about the section as a whole.
    var line: Int? { node?.mark?.line }

    /// YAML's ways of writing "nothing".
    static func isEmpty(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null"
    }

    static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "single value"
        case .mapping: "section"
        case .sequence: "list"
        case .alias: "alias"
        }
    }
}
