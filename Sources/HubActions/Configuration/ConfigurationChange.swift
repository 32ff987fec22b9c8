public import HubConfig

/// Changing settings in the configuration file, for every door: the file is changed as `ConfigFile`
/// does it (the person's text kept, checked first, atomic, never over someone else's change), then the
/// service is asked to apply it.
public struct ConfigurationChange: Sendable {
    /// What a text of the file gives: the configuration, and its problems.
    public typealias Read = @Sendable (ConfigSnapshot) -> (configuration: HubConfiguration, problems: [ConfigurationProblem])

    public let file: ConfigFile
    private let read: Read
    private let apply: @Sendable (_ wait: Bool) async throws -> Void

    /// - Parameters:
    ///   - read: `HubConfiguration.reading(_:…)` with the service's paths, environment and widget catalog.
    ///   - apply: has the running service apply the file (`ConfigurationReloads.reload` in the service,
    ///     the control socket in `weatherctl`).
    public init(file: ConfigFile, read: @escaping Read, apply: @escaping @Sendable (_ wait: Bool) async throws -> Void) {
        self.file = file
        self.read = read
        self.apply = apply
    }

    /// The file as it is now and what it says, for a form to be based on.
    public func current() throws(ConfigEditRefusal) -> Current {
        reading(try file.read())
    }

    /// What a text of the file says.
    public func reading(_ snapshot: ConfigSnapshot) -> Current {
        let reading = read(snapshot)
        return Current(file: snapshot, configuration: reading.configuration, problems: reading.problems)
    }

    /// What the file would say with `edits` made, without writing it: a settings page's preview. Its
    /// problems are the ones a save would be refused with.
    public func preview(_ edits: [ConfigEdit], basedOn base: ConfigSnapshot? = nil) throws(ConfigEditRefusal) -> Current {
        reading(try file.edited(edits, basedOn: base).file)
    }

    /// Writes `edits` and has the service apply them; with `wait`, returns once the panel shows them.
    ///
    /// - Throws: `ConfigEditRefusal` when nothing was written. A file that was written but could not be
    ///   applied is not an error: the outcome says why.
    public func change(_ edits: [ConfigEdit], basedOn base: ConfigSnapshot? = nil, wait: Bool) async throws(ConfigEditRefusal) -> Outcome {
        let written = try file.change(edits, basedOn: base) { read($0).problems }
        guard written.changed else { return Outcome(file: written, notApplied: nil) }
        do {
            try await apply(wait)
            return Outcome(file: written, notApplied: nil)
        } catch {
            return Outcome(file: written, notApplied: error)
        }
    }

    /// The file and what it says.
    public struct Current: Sendable {
        public var file: ConfigSnapshot
        public var configuration: HubConfiguration
        /// What `weatherctl config check` would list; a form still shows the rest.
        public var problems: [ConfigurationProblem]
    }

    /// What a change did.
    public struct Outcome: Sendable {
        /// The file as written, and whether anything changed.
        public var file: ConfigFileChange
        /// Why the service did not apply the saved file (it is not running, say); `nil` when it did.
        public var notApplied: (any Error)?
    }
}
