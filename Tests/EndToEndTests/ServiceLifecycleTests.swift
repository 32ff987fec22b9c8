import Foundation
import HubTestSupport
import Testing

/// The service as systemd runs it: READY when the first frame is on the panel, watchdog pings, and a
/// clean exit with status 0 on SIGTERM with every part running (demo weather and sensors).
@Suite("Service lifecycle")
struct ServiceLifecycleTests {
    @Test("under a watchdog the service pings, and SIGTERM ends it with status 0, the panel asleep")
    func watchdogAndCleanStop() throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        try hub.startService(extraEnvironment: ["WATCHDOG_USEC": "2000000"])
        #expect(hub.notify.wait(for: "WATCHDOG=1", timeoutSeconds: 10))
        #expect(hub.stopService() == 0, "\(hub.serviceLog)")
        #expect(hub.notify.wait(for: "STOPPING=1", timeoutSeconds: 10))
        #expect(hub.serviceLog.contains("panel controller stopped, panel asleep"))
        #expect(!FileManager.default.fileExists(atPath: hub.directory + "/run/control.sock"))
    }

    @Test("a restart keeps the last frame on the panel until the widgets answer: no placeholder refresh")
    func restartCostsNoPlaceholderRefresh() throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        try hub.startService()
        #expect(try hub.ctl(["reload", "--wait"]).status == 0)
        let before = try refreshCount(of: hub)
        #expect(hub.stopService() == 0)

        try hub.startService()
        #expect(try hub.ctl(["reload", "--wait"]).status == 0)
        let after = try refreshCount(of: hub)
        #expect(hub.stopService() == 0)
        // At most the one refresh the demo data's new minute may need; a placeholder would be a second.
        #expect(after - before <= 1, "\(hub.serviceLog)")
    }

    /// The panel's refresh count (full, fast and partial), from `weatherctl status --json`.
    private func refreshCount(of hub: HubSandbox) throws -> Int {
        let result = try hub.ctl(["status", "--json"])
        let status = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let panel = try #require(status["panel"] as? [String: Any])
        let counters = try #require(panel["counters"] as? [String: Any])
        return ["fullRefreshes", "fastRefreshes", "partialRefreshes"].compactMap { counters[$0] as? Int }.reduce(0, +)
    }
}
