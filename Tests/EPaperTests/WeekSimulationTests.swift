import EPaper
import Foundation
import InkUI
import Testing

/// A week of timeline entries through a running `PanelController`, the real 2.13" V4 or 2.13" (B) V4
/// driver and the SSD1680 emulator, on virtual time.
@Suite("A simulated week of refreshes")
struct WeekSimulationTests {
    private struct Entry {
        var at: Duration
        var frame: Frame
        var reason: String
        var userInitiated: Bool
    }

    /// Monday 00:00 to Sunday 24:00 local time:
    /// - a timeline entry every 4 minutes at hh:02, hh:06, …; every tenth repeats the previous frame;
    /// - every day at 12:01:30 a user-initiated change (a key press);
    /// - every day a burst of three changes at 18:00:10, 18:00:20 and 18:00:40 (only the last may show).
    private static func timeline(_ capability: ColorCapability) -> [Entry] {
        var entries: [Entry] = []
        for n in 0..<(7 * 360) {
            let frame = RefreshPolicyTests.frame(n % 10 == 9 ? n - 1 : n, capability: capability)
            entries.append(Entry(at: .seconds(120 + 240 * n), frame: frame, reason: "entry \(n)", userInitiated: false))
        }
        for day in 0..<7 {
            let base = RefreshPolicyTests.frame(2000 + day, capability: capability)
            let user = TestFrames.changing(base, in: PixelRect(x: 8, y: 200 + day * 5, width: 30, height: 4))
            entries.append(Entry(at: .seconds(day * 86_400 + 43_290), frame: user, reason: "key \(day)", userInitiated: true))
            for (index, second) in [10, 20, 40].enumerated() {
                let burst = TestFrames.changing(base, in: PixelRect(x: 60, y: 20 + index * 10, width: 24, height: 6))
                entries.append(Entry(at: .seconds(day * 86_400 + 64_800 + second), frame: burst, reason: "burst \(day).\(index)", userInitiated: false))
            }
        }
        return entries.sorted { $0.at < $1.at }
    }

    /// The counts an independent step-by-step reference of the same rules gives for this timeline
    /// (hardware/ci/refresh-week-reference.py, with --full-only for the three-colour panel): each burst
    /// collapses to one frame, repeated entries are skipped, and every night holds back what needs a full
    /// refresh until 06:00. Without partial refresh, every change needs one.
    struct Expected: Sendable, CustomTestStringConvertible {
        var model: PanelModel
        var refreshes: Int
        var fulls: Int
        var partials: Int

        var testDescription: String { model.rawValue }
    }

    @Test("A week: counts of full and partial refreshes, the 180 s interval, quiet hours, the budget, and deep sleep after every refresh",
          arguments: [
              Expected(model: .waveshare2in13V4, refreshes: 1639, fulls: 274, partials: 1365),
              Expected(model: .waveshare2in13bV4, refreshes: 1632, fulls: 1632, partials: 0),
          ])
    func week(expected: Expected) async throws {
        let settings = RefreshPolicy.Settings(quietHours: QuietHours("23:00-06:00"))
        let rig = try ControllerRig(expected.model, settings: settings)
        let entries = Self.timeline(rig.controller.device.layout.capability)
        for entry in entries {
            await rig.advance(to: entry.at)
            try await rig.controller.present(entry.frame, reason: entry.reason, userInitiated: entry.userInitiated)
        }
        // Sunday's last entries fall in the quiet hours and need a full refresh: they wait for Monday 06:00.
        await rig.advance(to: .seconds(7 * 86_400 + 6 * 3600 + 60))
        try await rig.stop()

        let violations = rig.emulator.finish()
        #expect(violations.isEmpty, "\(violations.prefix(5).map(\.description))")
        let refreshes = rig.emulator.refreshes
        let logged = rig.refreshLog
        try #require(logged.count == refreshes.count)

        // Every refresh ended in deep sleep (the emulator also checks it came within 5 s).
        #expect(refreshes.allSatisfy { $0.sleptAt != nil })
        #expect(rig.emulator.phaseAtSupplyOff == .deepSleep)

        // At least 180 s between refreshes, unless the later one was user-initiated.
        for index in refreshes.indices.dropFirst() where logged[index].metadata["panel.refresh.user"] != "true" {
            let gap = refreshes[index].start - refreshes[index - 1].start
            #expect(gap >= .seconds(180), "refresh \(index) came \(gap) after the previous one")
        }

        // At most five partial refreshes between two full ones.
        var sinceFull = 0
        for refresh in refreshes {
            sinceFull = refresh.kind == .full ? 0 : sinceFull + 1
            #expect(sinceFull <= 5)
        }

        // No full refresh inside quiet hours (no user-initiated change falls in them).
        let fullsAtNight = refreshes.filter { refresh in
            let minute = Int(refresh.start.components.seconds % 86_400) / 60
            return refresh.kind == .full && (minute >= 23 * 60 || minute < 6 * 60)
        }
        #expect(fullsAtNight.isEmpty)

        // The panel ends on the last entry of the week, shown at 06:00 the next Monday.
        let endsOnLastEntry = rig.emulator.displayedImage == entries.last?.frame
        #expect(endsOnLastEntry)
        #expect(refreshes.last?.kind == .full && refreshes.last?.start.components.seconds == 7 * 86_400 + 6 * 3600)

        let fulls = refreshes.filter { $0.kind == .full }.count
        let partials = refreshes.filter { $0.kind == .partial }.count
        #expect(refreshes.count == expected.refreshes)
        #expect(fulls == expected.fulls)
        #expect(partials == expected.partials)
        let status = await rig.controller.status()
        #expect(status.counters.fullRefreshes == fulls)
        #expect(status.counters.partialRefreshes == partials)
    }
}
