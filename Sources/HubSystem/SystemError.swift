#if canImport(Glibc)
import Glibc
#endif

/// A failed system call, with what was attempted and on which path.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32
    /// What was attempted, e.g. "rename".
    public var operation: String
    /// The file the call was about, if any.
    public var path: String?

    public init(code: Int32, operation: String, path: String? = nil) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// The error for the current `errno`.
    public static func current(_ operation: String, path: String? = nil) -> SystemError {
        SystemError(code: errno, operation: operation, path: path)
    }

    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    public var isMissing: Bool { code == ENOENT }

    /// The system's words for `code`, e.g. "Permission denied".
    public var reason: String { Self.reason(for: code) }

    /// The C library's words for an `errno` value ("No such file or directory").
    public static func reason(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    public var description: String {
        if let path { return "\(operation) \(path): \(reason)" }
        return "\(operation): \(reason)"
    }
}

/// Runs a system call until it is not interrupted, throwing on failure.
@discardableResult
func retryingInterrupts(_ operation: String, path: String? = nil, _ call: () -> Int32) throws -> Int32 {
    while true {
        let result = call()
        if result >= 0 { return result }
        if errno != EINTR { throw SystemError.current(operation, path: path) }
    }
}
