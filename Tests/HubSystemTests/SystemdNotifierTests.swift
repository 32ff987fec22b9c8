import Foundation
import Glibc
import HubSystem
import Testing

/// The sd_notify protocol against a real datagram socket standing in for systemd's.
@Suite("systemd notifications")
struct SystemdNotifierTests {
    @Test("READY, WATCHDOG and STOPPING arrive as systemd reads them")
    func messagesArrive() throws {
        let path = NSTemporaryDirectory() + "notify-\(UUID().uuidString.prefix(8)).sock"
        let receiver = try DatagramReceiver(path: path)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"])
        #expect(notifier.watchdogInterval == .seconds(30))
        try notifier.ready(status: "showing Lyon")
        try notifier.watchdog()
        try notifier.stopping()
        #expect(try receiver.next() == "READY=1\nSTATUS=showing Lyon")
        #expect(try receiver.next() == "WATCHDOG=1")
        #expect(try receiver.next() == "STOPPING=1")
    }

    @Test("an abstract socket name (@…) is reached too")
    func abstractSocket() throws {
        let name = "weatherhub-test-\(UUID().uuidString.prefix(8))"
        let receiver = try DatagramReceiver(abstractName: name)
        try SystemdNotifier(environment: ["NOTIFY_SOCKET": "@" + name]).ready()
        #expect(try receiver.next() == "READY=1")
    }

    @Test("without NOTIFY_SOCKET nothing is sent and nothing fails; a watchdog for another process is not ours")
    func outsideSystemd() throws {
        let notifier = SystemdNotifier(environment: ["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"])
        #expect(notifier.socketPath == nil)
        #expect(notifier.watchdogInterval == nil)
        try notifier.ready()
    }

    @Test("a notification socket that is gone is an error naming it")
    func missingSocket() {
        let path = NSTemporaryDirectory() + "absent-\(UUID().uuidString.prefix(8)).sock"
        #expect { try SystemdNotifier(environment: ["NOTIFY_SOCKET": path]).ready() } throws: { error in
            "\(error)".contains(path)
        }
    }
}

/// A bound datagram socket that reads what the notifier sends.
private final class DatagramReceiver {
    private let descriptor: Int32

    convenience init(path: String) throws {
        try self.init(name: Array(path.utf8))
    }

    convenience init(abstractName: String) throws {
        try self.init(name: [0] + Array(abstractName.utf8))
    }

    private init(name: [UInt8]) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        try #require(bound == 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func next() throws -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        try #require(count >= 0)
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    deinit {
        close(descriptor)
    }
}
