public import Logging

/// How the service logs (to the journal under systemd, to standard error by hand).
public struct LoggingSettings: Sendable, Hashable {
    /// How each log line is written.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// `level label: message key=value`, for people and the journal.
        case text
        /// One JSON object per line, for log shippers.
        case json
    }

    /// Default `info`.
    public var level: Logger.Level
    /// Default `text`.
    public var format: Format

    /// Settings as given; `info` as text by default.
    public init(level: Logger.Level = .info, format: Format = .text) {
        self.level = level
        self.format = format
    }
}

/// `logging:` — see `LoggingSettings`.
enum LoggingSection {
    static func read(_ root: ConfigMapping) -> LoggingSettings {
        let section = root.section("logging")
        let settings = LoggingSettings(
            level: section.choice("level", default: Logger.Level.info),
            format: section.choice("format", default: LoggingSettings.Format.text))
        section.finish()
        return settings
    }
}
