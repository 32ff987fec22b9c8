import Foundation

/// A file under `/proc`, read whole.
public enum ProcFile {
    /// The text of `path`. Read to the end: procfs files have no size, and a read sized by it (as
    /// `String(contentsOfFile:)` makes) stops after the first page.
    public static func text(_ path: String) throws -> String {
        guard let file = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { try? file.close() }
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    }
}
