import EPaper
import Foundation
import InkUI
import Testing

/// The refresh rules, each on a short timeline through a running `PanelController`, a real driver and the
/// SSD1680 emulator.
@Suite("Refresh policy")
struct RefreshPolicyTests {
    private static let size = PixelSize(width: 122, height: 250)

    /// The n-th frame of a clock-like timeline: the same picture with a small block that moves.
    static func frame(_ n: Int, capability: ColorCapability = .monochrome) -> Frame {
        var frame = TestFrames.pattern(size, seed: 99, capability: capability)
        frame.fill(PixelRect(x: 40 + (n % 7) * 9, y: 100 + (n % 5) * 11, width: 8, height: 9), with: .black)
        return frame
    }

    private func kinds<Model>(_ rig: ControllerRig<Model>) -> [String] { rig.emulator.refreshes.map(\.kind.rawValue) }

    /// When each refresh ran, in whole seconds (the display command follows the wake-up by ~50 ms).
    private func starts<Model>(_ rig: ControllerRig<Model>) -> [Int64] { rig.emulator.refreshes.map(\.start.components.seconds) }

    @Test("Five partial refreshes, then a full one; the first refresh is full")
    func partialBudget() async throws {
        let rig = try ControllerRig()
        for n in 0..<7 {
            await rig.advance(to: .seconds(200 * n))
            try await rig.controller.present(Self.frame(n), reason: "tick \(n)")
        }
        #expect(kinds(rig) == ["full", "partial", "partial", "partial", "partial", "partial", "full"])
        #expect(rig.emulator.displayedImage == Self.frame(6))
        try await rig.stop()
        #expect(rig.emulator.finish().isEmpty)
    }

    @Test("An identical frame never touches the panel")
    func identicalFrameSkipped() async throws {
        let rig = try ControllerRig()
        try await rig.controller.present(Self.frame(0), reason: "first")
        let bytes = rig.emulator.bytesReceived
        await rig.advance(to: .seconds(600))
        let outcome = try await rig.controller.present(Self.frame(0), reason: "same again")
        #expect(outcome == .unchanged)
        #expect(rig.emulator.bytesReceived == bytes)
        try await rig.stop()
    }

    @Test("Frames that arrive too soon wait, and only the newest is shown when the interval has passed")
    func tooSoonFramesCoalesce() async throws {
        let rig = try ControllerRig()
        try await rig.controller.present(Self.frame(0), reason: "first")
        var outcomes: [PanelController.Outcome] = []
        for (n, second) in [(1, 30), (2, 60), (3, 90)] {
            await rig.advance(to: .seconds(second))
            outcomes.append(try await rig.controller.present(Self.frame(n), reason: "tick \(n)"))
        }
        let due = rig.time.date(at: .seconds(180))
        #expect(outcomes == [.waiting(until: due), .waiting(until: due), .waiting(until: due)])
        #expect(rig.emulator.refreshes.count == 1)
        await rig.advance(to: .seconds(179))
        #expect(rig.emulator.refreshes.count == 1)
        await rig.advance(to: .seconds(400))
        #expect(kinds(rig) == ["full", "partial"])
        #expect(starts(rig) == [0, 180])
        #expect(rig.emulator.displayedImage == Self.frame(3))
        let status = await rig.controller.status()
        #expect(status.lastRefresh?.reason == "tick 3")
        #expect(status.waitingSince == nil)
        try await rig.stop()
    }

    @Test("A user-initiated frame is shown at once, inside the minimum interval")
    func userInitiatedBypassesInterval() async throws {
        let rig = try ControllerRig()
        try await rig.controller.present(Self.frame(0), reason: "first")
        await rig.advance(to: .seconds(10))
        let outcome = try await rig.controller.present(Self.frame(1), reason: "key", userInitiated: true)
        guard case .refreshed(let record) = outcome else {
            Issue.record("expected a refresh, got \(outcome)")
            return
        }
        #expect(record.kind == .partial && record.userInitiated)
        #expect(starts(rig) == [0, 10])
        try await rig.stop()
    }

    @Test("The shown frame gets a full refresh every 24 hours even when nothing changes")
    func periodicFullRefresh() async throws {
        let rig = try ControllerRig()
        try await rig.controller.present(Self.frame(0), reason: "first")
        await rig.advance(to: .seconds(200))
        try await rig.controller.present(Self.frame(1), reason: "second")
        await rig.advance(to: .seconds(3 * 86_400 + 60))
        #expect(kinds(rig) == ["full", "partial", "full", "full", "full"])
        #expect(starts(rig) == [0, 200, 86_400, 2 * 86_400, 3 * 86_400])
        #expect(rig.refreshLog.last?.metadata["panel.refresh.reason"] == "periodic full refresh")
        #expect(rig.emulator.displayedImage == Self.frame(1))
        try await rig.stop()
        #expect(rig.emulator.finish().isEmpty)
    }

    @Test("Quiet hours: partial refreshes go on while the budget lasts, then changes wait for the end with a full refresh")
    func quietHours() async throws {
        let settings = RefreshPolicy.Settings(quietHours: QuietHours("23:00-06:00"))
        let rig = try ControllerRig(settings: settings)
        // 22:40 a full refresh, then a change every 4 minutes through the night.
        let start = rig.at(hour: 22, minute: 40)
        for n in 0..<30 {
            await rig.advance(to: start + .seconds(240 * n))
            try await rig.controller.present(Self.frame(n), reason: "tick \(n)")
        }
        await rig.advance(to: rig.at(day: 1, hour: 7, minute: 0))
        let refreshes = rig.emulator.refreshes
        // 22:40 full, 22:44…23:00 five partials, then the budget is spent: nothing until 06:00, a full one.
        #expect(refreshes.map(\.kind.rawValue) == ["full", "partial", "partial", "partial", "partial", "partial", "full"])
        #expect(starts(rig).last == rig.at(day: 1, hour: 6, minute: 0).components.seconds)
        #expect(rig.emulator.displayedImage == Self.frame(29))
        let quiet = rig.emulator.refreshes.filter { $0.start > rig.at(hour: 23, minute: 0) && $0.start < rig.at(day: 1, hour: 6, minute: 0) }
        #expect(quiet.allSatisfy { $0.kind == .partial })
        try await rig.stop()
    }

    @Test("A three-colour panel gets only full refreshes: small changes and key presses too, and none in quiet hours unless a person asks")
    func threeColourFullOnly() async throws {
        let rig = try ControllerRig(.waveshare2in13bV4, settings: RefreshPolicy.Settings(quietHours: QuietHours("23:00-06:00")))
        #expect(rig.controller.device.layout.capability == .blackWhiteRed)
        await #expect(throws: PanelFrameError.self) {
            try await rig.controller.present(Self.frame(0), reason: "black and white")
        }
        // 22:40 to 23:08 a small change every 4 minutes; a key at 01:00; another change at 01:04.
        let start = rig.at(hour: 22, minute: 40)
        for n in 0..<8 {
            await rig.advance(to: start + .seconds(240 * n))
            try await rig.controller.present(Self.frame(n, capability: .blackWhiteRed), reason: "tick \(n)")
        }
        await rig.advance(to: rig.at(day: 1, hour: 1, minute: 0))
        try await rig.controller.present(Self.frame(20, capability: .blackWhiteRed), reason: "key", userInitiated: true)
        await rig.advance(to: rig.at(day: 1, hour: 1, minute: 4))
        try await rig.controller.present(Self.frame(21, capability: .blackWhiteRed), reason: "tick 21")
        await rig.advance(to: rig.at(day: 1, hour: 7, minute: 0))

        #expect(kinds(rig) == Array(repeating: "full", count: 7))
        let expected = [
            rig.at(hour: 22, minute: 40), rig.at(hour: 22, minute: 44), rig.at(hour: 22, minute: 48), rig.at(hour: 22, minute: 52),
            rig.at(hour: 22, minute: 56), rig.at(day: 1, hour: 1, minute: 0), rig.at(day: 1, hour: 6, minute: 0),
        ]
        #expect(starts(rig) == expected.map(\.components.seconds))
        #expect(rig.emulator.displayedImage == Self.frame(21, capability: .blackWhiteRed))
        let counters = await rig.controller.status().counters
        #expect(counters.fullRefreshes == 7 && counters.partialRefreshes == 0 && counters.fastRefreshes == 0)
        try await rig.stop()
        #expect(rig.emulator.finish().isEmpty)
    }

    @Test("A frame presented while a refresh runs waits in line and is shown after the interval")
    func presentDuringRefresh() async throws {
        let rig = try ControllerRig()
        try await rig.controller.present(Self.frame(0), reason: "first")
        await rig.advance(to: .seconds(200))
        rig.emulator.pauseAtNextReset()
        let first = Task { try await rig.controller.present(Self.frame(1), reason: "second") }
        await rig.emulator.waitUntilPaused()
        #expect(try await rig.controller.present(Self.frame(2), reason: "third") == .waiting(until: nil))
        #expect(try await rig.controller.present(Self.frame(1), reason: "second again") == .unchanged)
        #expect(try await rig.controller.present(Self.frame(3), reason: "fourth") == .waiting(until: nil))
        #expect(await rig.controller.status().nextRefreshAt == nil)
        rig.emulator.resume()
        guard case .refreshed(let record) = try await first.value else {
            Issue.record("the refresh under way did not complete")
            return
        }
        #expect(record.reason == "second")
        #expect(await rig.controller.status().nextRefreshAt == rig.time.date(at: .seconds(380)))
        await rig.advance(to: .seconds(600))
        #expect(starts(rig) == [0, 200, 380])
        #expect(rig.emulator.displayedImage == Self.frame(3))
        try await rig.stop()
        #expect(rig.emulator.finish().isEmpty)
    }

    @Test("A frame of the wrong size or colours is refused before it reaches the driver")
    func wrongFrameRefused() async throws {
        let rig = try ControllerRig()
        await #expect(throws: PanelFrameError.self) {
            try await rig.controller.present(Frame(size: PixelSize(width: 250, height: 122), capability: .monochrome), reason: "landscape")
        }
        await #expect(throws: PanelFrameError.self) {
            try await rig.controller.present(Frame(size: Self.size, capability: .grayscale4), reason: "grey")
        }
        #expect(rig.emulator.bytesReceived == 0)
        try await rig.stop()
    }
}
