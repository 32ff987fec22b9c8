import Foundation
import HubTestSupport
import Testing

/// An idle hub sleeps: the MQTT thread wakes for traffic and the keep-alive ping, not on a timer.
@Suite("Idle wake-ups", .timeLimit(.minutes(2)))
struct IdleWakeupTests {
    @Test("connected and idle, the MQTT thread sleeps until the keep-alive ping")
    func quietMQTTThread() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start()
            let process = String(try #require(hub.sandbox.service?.processIdentifier))
            let thread = try #require(ProcessThreads.ids(named: "mqtt", in: process).first, "the MQTT thread is named mqtt")
            try await Task.sleep(for: .seconds(2))  // the last publishes of the start, on a busy machine
            let before = try ProcessThreads.contextSwitches(of: thread, in: process)
            try await Task.sleep(for: .seconds(15))
            let after = try ProcessThreads.contextSwitches(of: thread, in: process)
            // A loop with a one-second timeout wakes fifteen times here; the keep-alive is 60 s. Allow for a
            // few publishes of the hub's.
            #expect(after - before <= 6, "the MQTT thread woke \(after - before) times in 15 s")
            #expect(hub.sandbox.stopService() == 0)
        }
    }
}
