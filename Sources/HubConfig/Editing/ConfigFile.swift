#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// The configuration file as the settings pages and `weatherctl config set` change it: the text stays
/// the person's (only the changed keys' lines change), the result must pass the same check as
/// `weatherctl config check` before anything is written, the text before the change is kept beside it
/// (`config.yaml.previous`), and the new text replaces the file atomically, so a crash or power cut
/// leaves the old file or the new one. A file changed by someone else since it was read is not
/// overwritten.
public struct ConfigFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Where the text before the last change is kept.
    public var previousPath: String { path + ".previous" }

    /// The file as it is now; the embedded default's text when there is no file.
    public func read() throws(ConfigEditRefusal) -> ConfigSnapshot {
        switch FileContents.read(path) {
        case .missing: ConfigSnapshot(text: DefaultConfiguration.text, exists: false, mode: 0o640)
        case .text(let text, let mode): ConfigSnapshot(text: text, exists: true, mode: mode)
        case .unreadable(let reason): throw ConfigEditRefusal(.notWritten, message: "cannot read \(path): \(reason)")
        }
    }

    /// Makes `edits` and writes the file.
    ///
    /// - Parameters:
    ///   - base: the file as the person saw it (a form's), or `nil` to change the file as it is now.
    ///   - check: the problems the changed text would have (`HubConfiguration.problems(in:…)`).
    /// - Throws: when the file changed since `base`, when the result has problems, or when it cannot be
    ///   written; nothing is written then.
    public func change(
        _ edits: [ConfigEdit], basedOn base: ConfigSnapshot? = nil, check: (ConfigSnapshot) -> [ConfigurationProblem]
    ) throws(ConfigEditRefusal) -> ConfigFileChange {
        let (current, edited) = try edit(edits, basedOn: base)
        guard edited.changed else { return edited }
        let problems = check(edited.file)
        guard problems.isEmpty else {
            throw ConfigEditRefusal(.problems(problems), message: "the change was not saved: the configuration would have \(problems.count == 1 ? "a problem" : "\(problems.count) problems")")
        }
        do {
            try AtomicFile.createDirectory(AtomicFile.parentDirectory(of: path))
            if current.exists { try AtomicFile.write(Data(current.text.utf8), to: previousPath, permissions: current.mode & 0o660) }
            try AtomicFile.write(Data(edited.file.text.utf8), to: path, permissions: current.mode)
        } catch {
            throw ConfigEditRefusal(
                .notWritten,
                message: "cannot write \(path): \(error); nothing was changed. The service and `weatherctl` need write access to its directory (docs/web.md, \"How settings are saved\")")
        }
        return edited
    }

    /// The file `edits` would give, without writing it (a preview); refused as `change` refuses when the
    /// file changed since `base` or the edits cannot be made. The result is not checked.
    public func edited(_ edits: [ConfigEdit], basedOn base: ConfigSnapshot? = nil) throws(ConfigEditRefusal) -> ConfigFileChange {
        try edit(edits, basedOn: base).edited
    }

    private func edit(_ edits: [ConfigEdit], basedOn base: ConfigSnapshot?) throws(ConfigEditRefusal) -> (current: ConfigSnapshot, edited: ConfigFileChange) {
        let current = try read()
        if let base, base.version != current.version {
            throw ConfigEditRefusal(
                .changedOnDisk(difference: LineChange.between(base.text, current.text)),
                message: "\(path) was changed by someone else since it was read; nothing was saved. Look at the difference, then make your change again")
        }
        let edited = try ConfigTextEditor.apply(edits, to: current.text)
        guard edited.text != current.text else { return (current, ConfigFileChange(file: current, changed: false, commentsKept: true)) }
        let header = edited.commentsKept ? "" : "# Written by WeatherHub's settings, which could not keep this file's comments in place;\n# the file as it was before is \(previousPath).\n"
        return (current, ConfigFileChange(file: ConfigSnapshot(text: header + edited.text, exists: true, mode: current.mode), changed: true, commentsKept: edited.commentsKept))
    }
}

/// The configuration file's text at one moment, with a version that tells whether it changed since.
public struct ConfigSnapshot: Sendable, Equatable {
    public var text: String
    /// False when there is no file yet and `text` is the embedded default.
    public var exists: Bool
    public var mode: UInt32

    public init(text: String, exists: Bool, mode: UInt32) {
        self.text = text
        self.exists = exists
        self.mode = mode
    }

    /// 16 hex digits that change whenever the text (or its existence) does.
    public var version: String { FNV1a.hex64((exists ? "file\n" : "default\n") + text) }
}

/// A change `ConfigFile.change` made.
public struct ConfigFileChange: Sendable, Equatable {
    /// The file as written (or as it was, when nothing changed).
    public var file: ConfigSnapshot
    /// False when the edits left the text as it was: nothing was written.
    public var changed: Bool
    /// False when the file had to be written anew without its comments (they are in the previous file).
    public var commentsKept: Bool
}
