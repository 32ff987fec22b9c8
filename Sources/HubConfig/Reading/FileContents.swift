#if canImport(Glibc)
import Glibc
#endif
import HubSystem

/// A small text file as the configuration reader sees it: its text and permission bits, absent, or
/// unreadable with the system's reason.
enum FileContents: Sendable, Equatable {
    case text(String, mode: UInt32)
    case missing
    case unreadable(String)

    /// Larger files are not configuration (or a password): refuse rather than read them whole.
    static let sizeLimit = 1 << 20

    /// Reads `path` with the process's own permissions.
    static func read(_ path: String) -> FileContents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .missing : .unreadable(SystemError.reason(for: errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unreadable(SystemError.reason(for: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable("not a regular file") }
        guard Int(info.st_size) <= sizeLimit else { return .unreadable("larger than \(sizeLimit / 1024) KiB") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable(SystemError.reason(for: errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            if bytes.count > sizeLimit { return .unreadable("larger than \(sizeLimit / 1024) KiB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .unreadable("not UTF-8 text") }
        return .text(text, mode: UInt32(info.st_mode) & 0o7777)
    }
}
