#if canImport(Glibc)
import Glibc
#endif
import HubSystem

/// Checks on the control socket's path, made before listening (service) and before connecting (CLI).
enum ControlSocketPath {
    /// Makes the path free for a new socket: creates the directory, removes a stale socket left by a
    /// crash, and refuses when another service listens there or the path is something else.
    static func prepareForListening(at path: String) async throws {
        try AtomicFile.createDirectory(AtomicFile.parentDirectory(of: path), permissions: 0o750)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw SystemError.current("inspect", path: path)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw ControlSetupError(message: "\(path) exists and is not a socket: remove it, or point WEATHERHUB_RUNTIME_DIR elsewhere")
        }
        if canConnect(to: path) {
            throw ControlSetupError(message: "another weatherhub is already running (it listens on \(path)); stop it first (`systemctl stop weatherhub`)")
        }
        guard unlink(path) == 0 || errno == ENOENT else { throw SystemError.current("remove the stale socket", path: path) }
    }

    /// Refuses paths that are not a socket the service could have made.
    static func checkBeforeConnecting(to path: String) throws(ControlClientError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            switch errno {
            case ENOENT: throw ControlClientError(.serviceNotRunning, "the service is not running (no control socket at \(path)); start it with `systemctl start weatherhub`")
            case EACCES: throw ControlClientError(.permissionDenied, "no permission to reach \(path): add yourself to the service's group (`sudo usermod -aG weatherhub $USER`, then log in again)")
            default: throw ControlClientError(.serviceNotRunning, "cannot inspect \(path): \(SystemError.reason(for: errno))")
            }
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw ControlClientError(.notASocket, "\(path) is not a socket (something else sits where the service's control socket belongs); remove it and restart the service")
        }
        var parent = stat()
        let directory = AtomicFile.parentDirectory(of: path)
        let parentKnown = stat(directory, &parent) == 0
        let trustedOwner = info.st_uid == getuid() || info.st_uid == 0 || (parentKnown && info.st_uid == parent.st_uid)
        let openDirectory = parentKnown && parent.st_mode & S_IWOTH != 0 && parent.st_mode & S_ISVTX == 0
        guard trustedOwner, !openDirectory else {
            throw ControlClientError(.untrustedSocket, "\(path) belongs to user \(info.st_uid), not to the service or to you; refusing to talk to it (remove it, or set WEATHERHUB_RUNTIME_DIR to the service's runtime directory)")
        }
    }

    /// Whether something accepts connections on the socket now.
    static func canConnect(to path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }
}

/// The control socket cannot be set up.
public struct ControlSetupError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
