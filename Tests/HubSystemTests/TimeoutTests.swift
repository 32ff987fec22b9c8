import HubSystem
import Testing

/// `withTimeout`: the operation's value when it ends in time, `nil` when the deadline ends it, and the
/// operation's own answer (never `nil`) when the caller is cancelled.
@Suite("withTimeout")
struct TimeoutTests {
    @Test("an operation that ends in time gives its value")
    func inTime() async {
        #expect(await withTimeout(.seconds(60)) { 42 } == 42)
    }

    @Test("an operation still running at the deadline is cancelled, and the answer is nil")
    func deadline() async {
        let outcome = await withTimeout(.milliseconds(50)) { () async -> String in
            (try? await Task.sleep(for: .seconds(3600))) == nil ? "cancelled" : "slept an hour"
        }
        #expect(outcome == nil)
    }

    @Test("cancelling the caller is no timeout: the operation's own answer comes back")
    func callerCancelled() async {
        let caller = Task {
            await withTimeout(.seconds(3600)) { () async -> String in
                (try? await Task.sleep(for: .seconds(3600))) == nil ? "cancelled" : "slept an hour"
            }
        }
        caller.cancel()
        #expect(await caller.value == "cancelled")
    }
}
