import Foundation
import HubDisplays
import Testing

@Suite("Timeline-aware wake-ups")
struct WakePlannerTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let bounds = WakeBounds(minimum: .seconds(300), maximum: .seconds(3600))

    static func status(nextEntry: TimeInterval? = nil, nextReload: TimeInterval? = nil, inFlight: Bool = false) -> WakePlanner.Upcoming {
        WakePlanner.Upcoming(nextEntry: nextEntry.map { now + $0 }, nextReload: nextReload.map { now + $0 }, reloadInFlight: inFlight)
    }

    @Test("the device sleeps until the earliest entry of any widget has been composed")
    func nextEntry() {
        let statuses = [Self.status(nextEntry: 1500), Self.status(nextEntry: 1200.2)]
        #expect(WakePlanner.refreshSeconds(statuses, bounds: Self.bounds, now: Self.now) == 1203)
    }

    @Test("a scheduled reload wakes it once the reload had time to finish")
    func reload() {
        let statuses = [Self.status(nextEntry: 3000, nextReload: 900)]
        #expect(WakePlanner.refreshSeconds(statuses, bounds: Self.bounds, now: Self.now) == 920)
    }

    @Test("never sooner than the minimum, never later than the maximum")
    func bounds() {
        #expect(WakePlanner.refreshSeconds([Self.status(nextEntry: 30)], bounds: Self.bounds, now: Self.now) == 300)
        #expect(WakePlanner.refreshSeconds([Self.status(nextEntry: 3599)], bounds: Self.bounds, now: Self.now) == 3600)
        #expect(WakePlanner.refreshSeconds([Self.status(inFlight: true)], bounds: Self.bounds, now: Self.now) == 300)
        #expect(WakePlanner.refreshSeconds([Self.status(nextEntry: 86_400)], bounds: Self.bounds, now: Self.now) == 3600)
        #expect(WakePlanner.refreshSeconds([Self.status()], bounds: Self.bounds, now: Self.now) == 3600)
        #expect(WakePlanner.refreshSeconds([], bounds: Self.bounds, now: Self.now) == 3600)
    }
}
