import Foundation
@testable import HubWeb
import Synchronization
import Testing

/// Wrong passwords per address, on a test clock: no test waits.
@Suite("Sign-in throttle")
struct SignInThrottleTests {
    /// A wall clock the test moves.
    final class TestClock: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
    }

    @Test("five wrong passwords are free, then each wait doubles, per address")
    func waitsDouble() {
        let clock = TestClock()
        let throttle = SignInThrottle(now: { clock.now })
        for _ in 0..<SignInThrottle.allowance {
            #expect(throttle.wait(for: "10.0.0.7") == nil)
            throttle.recordFailure(from: "10.0.0.7")
        }
        #expect(throttle.wait(for: "10.0.0.7") == .seconds(1))
        #expect(throttle.wait(for: "10.0.0.8") == nil, "another address is not slowed")
        clock.advance(1)
        #expect(throttle.wait(for: "10.0.0.7") == nil)
        for _ in 0..<5 { throttle.recordFailure(from: "10.0.0.7") }
        #expect(throttle.wait(for: "10.0.0.7") == .seconds(32), "ten wrong passwords: half a minute before the next try")
        clock.advance(31)
        #expect(throttle.wait(for: "10.0.0.7") == .seconds(1))
        clock.advance(1)
        #expect(throttle.wait(for: "10.0.0.7") == nil)
    }

    @Test("waits stop growing at 15 minutes, and a right password clears the address")
    func capAndReset() {
        let clock = TestClock()
        let throttle = SignInThrottle(now: { clock.now })
        for _ in 0..<40 { throttle.recordFailure(from: "::1") }
        #expect(throttle.wait(for: "::1") == .seconds(900))
        #expect(SignInThrottle.delay(afterFailures: 1000) == .seconds(900))
        throttle.recordSuccess(from: "::1")
        #expect(throttle.wait(for: "::1") == nil)
    }

    @Test("the table of addresses is bounded: the address idle longest is forgotten first")
    func bounded() {
        let clock = TestClock()
        let throttle = SignInThrottle(capacity: 2, now: { clock.now })
        for address in ["a", "b"] {
            for _ in 0..<SignInThrottle.allowance { throttle.recordFailure(from: address) }
            clock.advance(0.1)
        }
        throttle.recordFailure(from: "c")
        #expect(throttle.wait(for: "a") == nil)
        #expect(throttle.wait(for: "b") != nil)
    }
}
