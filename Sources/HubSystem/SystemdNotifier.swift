#if canImport(Glibc)
import Glibc
#endif

/// systemd's `sd_notify` protocol without libsystemd: datagrams like `READY=1` or `WATCHDOG=1` sent to
/// the socket named by `NOTIFY_SOCKET` (a path, or an abstract name starting with `@`). Outside systemd
/// (no `NOTIFY_SOCKET`) every call does nothing, so the service runs the same by hand.
public struct SystemdNotifier: Sendable {
    /// The notification socket, when the service runs under a unit with `Type=notify`.
    public let socketPath: String?
    /// How often systemd expects `WATCHDOG=1` (`WATCHDOG_USEC`), when the unit sets `WatchdogSec=`
    /// and the watchdog is meant for this process (`WATCHDOG_PID`).
    public let watchdogInterval: Duration?

    /// Reads the protocol's variables from `environment`.
    public init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forThisProcess = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if forThisProcess, let micros = environment["WATCHDOG_USEC"].flatMap(Int64.init), micros > 0 {
            watchdogInterval = .microseconds(micros)
        } else {
            watchdogInterval = nil
        }
    }

    /// The service finished starting: systemd starts dependent units and `systemctl start` returns.
    public func ready(status: String? = nil) throws {
        try send(["READY=1"] + (status.map { ["STATUS=\($0)"] } ?? []))
    }

    /// The service is alive; systemd restarts it when these stop for longer than `WatchdogSec=`.
    public func watchdog() throws {
        try send(["WATCHDOG=1"])
    }

    /// The service is applying a new configuration; `ready` follows when it is done.
    public func reloading() throws {
        try send(["RELOADING=1", "STATUS=applying a new configuration"])
    }

    /// The service began a clean shutdown.
    public func stopping() throws {
        try send(["STOPPING=1"])
    }

    /// A one-line status shown by `systemctl status`.
    public func status(_ text: String) throws {
        try send(["STATUS=\(text)"])
    }

    private func send(_ assignments: [String]) throws {
        guard let socketPath else { return }
        let message = assignments.joined(separator: "\n")
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        // An abstract socket's name starts with a NUL byte where the variable has `@`.
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else {
            throw SystemError(code: ENAMETOOLONG, operation: "sd_notify", path: socketPath)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: pathBytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemError.current("sd_notify socket", path: socketPath) }
        defer { close(descriptor) }
        let sent = message.withCString { text in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
        guard sent >= 0 else { throw SystemError.current("sd_notify", path: socketPath) }
    }
}
