#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock shared by every process that opens the same lock file (`flock`), for
/// read-modify-write cycles on files several processes change. The kernel drops it when a holder dies.
public struct FileLock: Sendable {
    public let path: String
    public let permissions: UInt32

    public init(path: String, permissions: UInt32 = 0o660) {
        self.path = path
        self.permissions = permissions
    }

    /// Runs `body` while holding the lock exclusively, waiting for other holders.
    public func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        let fd = try retryingInterrupts("open lock", path: path) { open(path, O_RDWR | O_CREAT | O_CLOEXEC, permissions) }
        defer { close(fd) }
        try retryingInterrupts("lock", path: path) { flock(fd, LOCK_EX) }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
