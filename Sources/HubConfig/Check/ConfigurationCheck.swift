/// The outcome of `weatherctl config check`: the problems as data, and as the text to print.
public struct ConfigurationCheck: Sendable {
    /// The file that was checked.
    public var configFile: String
    /// `false` when there is no file and the embedded default was checked.
    public var fileExists: Bool
    /// Every problem, in file order; empty when the configuration is usable.
    public var problems: [ConfigurationProblem]

    /// A check result as given.
    public init(configFile: String, fileExists: Bool, problems: [ConfigurationProblem]) {
        self.configFile = configFile
        self.fileExists = fileExists
        self.problems = problems
    }

    /// Whether the service would start with this configuration.
    public var isClean: Bool { problems.isEmpty }

    /// 0 when clean, 1 with problems (the CLI's exit status).
    public var exitCode: Int32 { isClean ? 0 : 1 }

    /// What `weatherctl config check` prints: one line when clean, else one line per problem.
    public var text: String {
        let subject = fileExists ? configFile : "no file at \(configFile), so the built-in default (demo weather, simulated panel)"
        guard !isClean else { return "\(subject): the configuration is valid" }
        return ConfigurationError(problems: problems).description
    }
}
