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
}
