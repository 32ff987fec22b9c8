import Foundation
import InkWidgets
import Testing

/// The clock tests move by hand: a sleeper wakes when time passes its deadline, and not before.
@Suite("Manual scheduler clock")
struct ManualSchedulerClockTests {
    let clock = ManualSchedulerClock(start: Moment(wall: Date(timeIntervalSince1970: 1_800_000_000), uptime: .seconds(10)))

    @Test("a sleeper wakes once time passes its deadline; a past deadline returns at once")
    func wakesOnAdvance() async throws {
        try await clock.sleep(untilUptime: .seconds(5))
        let sleeper = Task { try await clock.sleep(untilUptime: .seconds(70)) }
        clock.advance(by: .seconds(30))
        clock.advance(by: .seconds(30))
        try await sleeper.value
        #expect(clock.now().uptime == .seconds(70))
        #expect(clock.now().wall == Date(timeIntervalSince1970: 1_800_000_060))
    }

    @Test("a cancelled sleeper throws and is forgotten")
    func cancellation() async throws {
        let sleeper = Task { try await clock.sleep(untilUptime: .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        clock.advance(by: .seconds(3600))
    }
}
