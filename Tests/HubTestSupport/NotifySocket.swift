import Glibc

/// A datagram socket standing in for systemd's `NOTIFY_SOCKET`: what `sd_notify` sends arrives here, so
/// a test waits for `READY=1` (readiness, not a schedule) before it talks to a service.
public final class NotifySocket: @unchecked Sendable {
    /// The path to put in `NOTIFY_SOCKET`.
    public let path: String
    private let descriptor: Int32

    /// Binds a socket at `path`: a file path (removed by `deinit`), or `@name` for an abstract socket.
    public init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var name = Array(path.utf8)
        if name.first == UInt8(ascii: "@") { name[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard descriptor >= 0, bound == 0 else { throw NotifySocketError(message: "cannot bind \(path): errno \(errno)") }
    }

    /// The next datagram, or `nil` when none arrives within `timeoutSeconds`.
    public func next(timeoutSeconds: Int = 60) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeoutSeconds * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// Reads datagrams until one contains `assignment` (e.g. `READY=1`); `false` on timeout.
    public func wait(for assignment: String, timeoutSeconds: Int = 60) -> Bool {
        while let message = next(timeoutSeconds: timeoutSeconds) {
            if message.split(separator: "\n").contains(Substring(assignment)) { return true }
        }
        return false
    }

    deinit {
        close(descriptor)
        if !path.hasPrefix("@") { unlink(path) }
    }
}

/// The socket could not be set up.
public struct NotifySocketError: Error, Sendable {
    public let message: String
}
