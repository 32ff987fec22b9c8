import Foundation
import Glibc
import HubSystem
import HubTestSupport
import Testing

/// The sd_notify protocol against a real datagram socket standing in for systemd's.
@Suite("systemd notifications")
struct SystemdNotifierTests {
    @Test("READY, WATCHDOG and STOPPING arrive as systemd reads them")
    func messagesArrive() throws {
        let path = NSTemporaryDirectory() + "notify-\(UUID().uuidString.prefix(8)).sock"
        let receiver = try NotifySocket(path: path)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"])
        #expect(notifier.watchdogInterval == .seconds(30))
        try notifier.ready(status: "showing Lyon")
        try notifier.watchdog()
        try notifier.stopping()
        #expect(receiver.next() == "READY=1\nSTATUS=showing Lyon")
        #expect(receiver.next() == "WATCHDOG=1")
        #expect(receiver.next() == "STOPPING=1")
    }

    @Test("an abstract socket name (@…) is reached too")
    func abstractSocket() throws {
        let name = "@weatherhub-test-\(UUID().uuidString.prefix(8))"
        let receiver = try NotifySocket(path: name)
        try SystemdNotifier(environment: ["NOTIFY_SOCKET": name]).ready()
        #expect(receiver.next() == "READY=1")
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
