#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Whole-file writes that survive a crash or power cut at any moment: readers see the old content or the
/// new, never a mix. The bytes go to a temporary file in the same directory, are synced, get their mode,
/// and replace the target with `rename`; the directory is synced so the rename itself is durable.
public enum AtomicFile {
    /// Replaces the file at `path` with `contents`, readable and writable as `permissions` says.
    public static func write(_ contents: Data, to path: String, permissions: UInt32 = 0o640) throws {
        let directory = parentDirectory(of: path)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try retryingInterrupts("create", path: temporary) {
            open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        }
        do {
            defer { close(fd) }
            try writeAll(contents, to: fd, path: temporary)
            try retryingInterrupts("chmod", path: temporary) { fchmod(fd, permissions) }
            try retryingInterrupts("fsync", path: temporary) { fsync(fd) }
        } catch {
            unlink(temporary)
            throw error
        }
        do {
            try retryingInterrupts("rename", path: path) { rename(temporary, path) }
        } catch {
            unlink(temporary)
            throw error
        }
        try syncDirectory(directory)
    }

    /// The file's bytes, or `nil` when it does not exist.
    public static func read(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemError.current("open", path: path)
        }
        defer { close(fd) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError.current("read", path: path)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    /// Creates a directory and its parents. A directory this call creates gets exactly `permissions`
    /// (the umask does not apply, setgid is kept); an existing one is left alone.
    public static func createDirectory(_ path: String, permissions: UInt32 = 0o750) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + part
            if mkdir(current, permissions & 0o777) == 0 {
                try retryingInterrupts("chmod", path: current) { chmod(current, permissions) }
            } else if errno != EEXIST {
                throw SystemError.current("create directory", path: current)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw SystemError(code: ENOTDIR, operation: "create directory", path: path)
        }
    }

    /// The directory part of a path ("." when there is none).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func writeAll(_ contents: Data, to fd: Int32, path: String) throws {
        try contents.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SystemError.current("write", path: path)
                }
                offset += written
            }
        }
    }

    private static func syncDirectory(_ directory: String) throws {
        let fd = try retryingInterrupts("open", path: directory) { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(fd) }
        try retryingInterrupts("fsync", path: directory) { fsync(fd) }
    }
}
