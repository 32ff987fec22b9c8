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
            // A loop with a one-second timeout wakes five times in every 5 s window. Publishes of the hub's
            // wake it too, and on a busy machine the last ones of the start come late: wait for a quiet
            // window, at most six.
            var wakeUps: [Int] = []
            for _ in 0..<6 where wakeUps.last.map({ $0 > 1 }) ?? true {
                let before = try ProcessThreads.contextSwitches(of: thread, in: process)
                try await Task.sleep(for: .seconds(5))
                wakeUps.append(try ProcessThreads.contextSwitches(of: thread, in: process) - before)
            }
            #expect(wakeUps.last! <= 1, "the MQTT thread woke \(wakeUps) times in successive 5 s windows")
            #expect(hub.sandbox.stopService() == 0)
        }
    }
}
