import Foundation
import HubTestSupport
import Testing

/// An idle hub sleeps: no thread of its own wakes on a timer while nothing happens.
@Suite("Idle wake-ups", .timeLimit(.minutes(2)))
struct IdleWakeupTests {
    @Test("connected and idle, the MQTT thread sleeps until the keep-alive ping")
    func quietMQTTThread() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start()
            let process = try #require(hub.sandbox.service?.processIdentifier)
            let thread = try #require(Self.thread(named: "mqtt", of: process), "the MQTT thread is named mqtt")
            let before = try Self.contextSwitches(of: thread, in: process)
            try await Task.sleep(for: .seconds(10))
            let after = try Self.contextSwitches(of: thread, in: process)
            // A loop with a one-second timeout wakes ten times here; the keep-alive is 60 s. Allow for a
            // publish or two of the hub's.
            #expect(after - before <= 4, "the MQTT thread woke \(after - before) times in 10 s")
            #expect(hub.sandbox.stopService() == 0)
        }
    }

    private static func thread(named name: String, of process: Int32) -> String? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        return tasks.first { task in
            (try? String(contentsOfFile: "/proc/\(process)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    /// How often the thread has been scheduled: its voluntary and involuntary context switches.
    private static func contextSwitches(of thread: String, in process: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process)/task/\(thread)/status", encoding: .utf8)
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            .reduce(0, +)
    }
}
