import Yams

/// Environment variables that override configuration keys, for containers and tests:
/// `WEATHERHUB_` + the key path in capitals with `__` between levels, e.g.
/// `WEATHERHUB_PROVIDER__UNITS=imperial` or `WEATHERHUB_PANEL__REFRESH__MINIMUM_INTERVAL=10m`. The value is
/// read as the YAML value would be. Variables without `__` (like `WEATHERHUB_CONFIG`) are not overrides.
enum EnvironmentOverrides {
    static let prefix = "WEATHERHUB_"

    /// The overridden key paths (`provider.units`) with the values and variable names, in a stable order.
    static func parse(_ environment: [String: String]) -> [(keyPath: [String], value: String, variable: String)] {
        environment.keys.sorted().compactMap { variable in
            guard variable.hasPrefix(prefix) else { return nil }
            let path = variable.dropFirst(prefix.count)
            guard path.contains("__") else { return nil }
            let keys = path.split(separator: "__", omittingEmptySubsequences: false).map { $0.lowercased() }
            guard !keys.contains(where: \.isEmpty) else { return nil }
            return (keys, environment[variable]!, variable)
        }
    }

    /// The document with every override written into it, and which key path came from which variable.
    static func apply(_ environment: [String: String], to root: Node?) -> (root: Node, sources: [String: String]) {
        var root = root ?? emptyMapping
        var sources: [String: String] = [:]
        for override in parse(environment) {
            root = setting(override.keyPath[...], to: override.value, in: root)
            sources[override.keyPath.joined(separator: ".")] = override.variable
        }
        return (root, sources)
    }

    private static var emptyMapping: Node { Node.mapping(Node.Mapping([], ConfigMapping.plainTag)) }

    private static func setting(_ path: ArraySlice<String>, to value: String, in node: Node) -> Node {
        guard let key = path.first else { return Node(value, ConfigMapping.plainTag) }
        var mapping = node.mapping ?? Node.Mapping([], ConfigMapping.plainTag)
        let child = mapping[key] ?? emptyMapping
        mapping[key] = setting(path.dropFirst(), to: value, in: child)
        return Node.mapping(mapping)
    }
}
