/// `paths:` — where the service keeps its state and runtime files when the defaults do not suit.
/// `WEATHERHUB_STATE_DIR` and `WEATHERHUB_RUNTIME_DIR` win over these.
public struct PathOverrides: Sendable, Hashable {
    /// Replaces the resolved state directory; `nil` keeps it.
    public var stateDirectory: String?
    /// Replaces the resolved runtime directory; `nil` keeps it.
    public var runtimeDirectory: String?

    /// Overrides as given; none by default.
    public init(stateDirectory: String? = nil, runtimeDirectory: String? = nil) {
        self.stateDirectory = stateDirectory
        self.runtimeDirectory = runtimeDirectory
    }
}

enum PathsSection {
    static func read(_ root: ConfigMapping, environment: [String: String]) -> PathOverrides {
        let section = root.section("paths")
        let state = absolutePath(section, "state_directory")
        let runtime = absolutePath(section, "runtime_directory")
        section.finish()
        return PathOverrides(
            stateDirectory: environment["WEATHERHUB_STATE_DIR"] == nil ? state : nil,
            runtimeDirectory: environment["WEATHERHUB_RUNTIME_DIR"] == nil ? runtime : nil)
    }
}

/// An optional absolute path; a relative one is refused because the service's working directory is `/`.
func absolutePath(_ section: ConfigMapping, _ key: String) -> String? {
    let path = section.optionalString(key)
    if let path, !path.hasPrefix("/") {
        section.diagnostics.report(section.keyPath(key), at: section.node(key), "must be an absolute path, found \"\(path)\"",
                                   suggestion: "write it from the root, e.g. `/var/lib/weatherhub`")
        return nil
    }
    return path
}
