#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem
import Synchronization

/// Each device's log lines (TRMNL's `/api/log`), one file per device in the state directory, at most
/// `fileLimit` bytes before it is rotated to `.1` (one old file kept): a chatty device cannot fill the disk.
public final class DeviceLogStore: Sendable {
    /// The largest body `/api/log` accepts.
    public static let bodyLimit = 16 * 1024
    /// Bytes per file before rotation.
    public static let fileLimit = 64 * 1024
    /// The longest line kept; longer ones are cut.
    public static let lineLimit = 1024

    private let directory: String
    private let lock = Mutex(())

    public init(directory: String) {
        self.directory = directory
    }

    /// Appends lines for a device, each stamped with `date`. Control characters are replaced.
    public func append(_ lines: [String], for device: DeviceID, at date: Date) throws {
        guard !lines.isEmpty else { return }
        let stamp = CivilTime.iso8601(date, withFraction: false)
        let text = lines.map { "\(stamp) \(Self.clean($0))\n" }.joined()
        try lock.withLock { _ in
            try AtomicFile.createDirectory(directory, permissions: 0o700)
            let path = path(of: device)
            var info = stat()
            if stat(path, &info) == 0, Int(info.st_size) + text.utf8.count > Self.fileLimit {
                guard rename(path, path + ".1") == 0 else { throw SystemError.current("rotate", path: path) }
            }
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw SystemError.current("open", path: path) }
            defer { close(fd) }
            let written = text.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
            guard written == text.utf8.count else { throw SystemError.current("write", path: path) }
        }
    }

    /// The device's newest `count` lines, oldest first.
    public func lastLines(of device: DeviceID, count: Int) -> [String] {
        lock.withLock { _ in
            let path = path(of: device)
            let newest = Self.lines(path)
            guard newest.count < count else { return Array(newest.suffix(count)) }
            return Array((Self.lines(path + ".1") + newest).suffix(count))
        }
    }

    /// Removes a device's logs.
    public func remove(_ device: DeviceID) {
        lock.withLock { _ in
            unlink(path(of: device))
            unlink(path(of: device) + ".1")
        }
    }

    private func path(of device: DeviceID) -> String {
        "\(directory)/\(device.compact).log"
    }

    private static func lines(_ path: String) -> [String] {
        guard let data = try? AtomicFile.read(path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func clean(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.prefix(lineLimit).map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}
