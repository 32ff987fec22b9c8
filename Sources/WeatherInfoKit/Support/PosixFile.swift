import Glibc

/// A failed file operation, with the system's reason.
struct PosixFileError: Error, Sendable, Hashable, CustomStringConvertible {
    var operation: String
    var path: String
    var code: Int32

    var reason: String { String(cString: strerror(code)) }
    var description: String { "\(operation) \(path): \(reason)" }
}

/// Whole-file reads and crash-safe replacement with POSIX calls, so a power cut leaves either the old or
/// the new file, never a torn one.
enum PosixFile {
    /// The file's bytes, or `nil` when it does not exist.
    static func read(_ path: String) throws(PosixFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw PosixFileError(operation: "open", path: path, code: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PosixFileError(operation: "read", path: path, code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Replaces the file atomically: writes a temporary file next to it, fsyncs it, renames it over the
    /// old one and fsyncs the directory. Creates the directory if needed.
    static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o640) throws(PosixFileError) {
        let directory = parentDirectory(of: path)
        try makeDirectories(directory)
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw PosixFileError(operation: "create", path: temporary, code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = PosixFileError(operation: "write", path: temporary, code: errno)
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            written += count
        }
        if fsync(descriptor) != 0 {
            let failure = PosixFileError(operation: "fsync", path: temporary, code: errno)
            close(descriptor)
            unlink(temporary)
            throw failure
        }
        close(descriptor)
        if rename(temporary, path) != 0 {
            let failure = PosixFileError(operation: "rename", path: path, code: errno)
            unlink(temporary)
            throw failure
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// `mkdir -p` with mode 0750 for each directory created.
    static func makeDirectories(_ path: String) throws(PosixFileError) {
        guard !path.isEmpty, path != "/" else { return }
        var isDirectory = stat()
        if stat(path, &isDirectory) == 0 { return }
        try makeDirectories(parentDirectory(of: path))
        if mkdir(path, 0o750) != 0 && errno != EEXIST {
            throw PosixFileError(operation: "mkdir", path: path, code: errno)
        }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
