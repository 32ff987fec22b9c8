public import HubConfig

/// Changing settings in the configuration file, for every door: the file is changed as `ConfigFile`
/// does it (the person's text kept, checked first, atomic, never over someone else's change), then the
/// service is asked to apply it.
public struct ConfigurationChange: Sendable {
    public let file: ConfigFile
    private let check: @Sendable (ConfigSnapshot) -> [ConfigurationProblem]
    private let apply: @Sendable (_ wait: Bool) async throws -> Void

    /// - Parameters:
    ///   - check: the problems a text would have (`HubConfiguration.problems(in:…)` with the service's
    ///     paths, environment and widget catalog).
    ///   - apply: has the running service apply the file (`ConfigurationReloads.reload` in the service,
    ///     the control socket in `weatherctl`).
    public init(
        file: ConfigFile, check: @escaping @Sendable (ConfigSnapshot) -> [ConfigurationProblem],
        apply: @escaping @Sendable (_ wait: Bool) async throws -> Void
    ) {
        self.file = file
        self.check = check
        self.apply = apply
    }

    /// The file as it is now, for a form to be based on.
    public func current() throws(ConfigEditRefusal) -> ConfigSnapshot {
        try file.read()
    }

    /// Writes `edits` and has the service apply them; with `wait`, returns once the panel shows them.
    ///
    /// - Throws: `ConfigEditRefusal` when nothing was written. A file that was written but could not be
    ///   applied is not an error: the result says why.
    public func change(_ edits: [ConfigEdit], basedOn base: ConfigSnapshot? = nil, wait: Bool) async throws(ConfigEditRefusal) -> Outcome {
        let written = try file.change(edits, basedOn: base, check: check)
        guard written.changed else { return Outcome(file: written, notApplied: nil) }
        do {
            try await apply(wait)
            return Outcome(file: written, notApplied: nil)
        } catch {
            return Outcome(file: written, notApplied: error)
        }
    }

    /// What a change did.
    public struct Outcome: Sendable {
        /// The file as written, and whether anything changed.
        public var file: ConfigFileChange
        /// Why the service did not apply the saved file (it is not running, say); `nil` when it did.
        public var notApplied: (any Error)?
    }
}
