import EPaper
import Foundation
import InkUI
import Logging
import ServiceLifecycle
import Testing

/// Restarts, failures and shutdown of the panel controller.
@Suite("Panel controller lifecycle")
struct ControllerLifecycleTests {
    private func frame(_ n: Int) -> Frame { RefreshPolicyTests.frame(n) }

    @Test("Counters and the shown frame survive a restart: no refresh for the same frame, the interval and the budget continue")
    func restart() async throws {
        let directory = try temporaryDirectory()
        let first = try ControllerRig(stateDirectory: directory)
        #expect(await !first.controller.showsFrame, "a first start shows nothing of a last run")
        for n in 0..<3 {
            await first.advance(to: .seconds(200 * n))
            try await first.controller.present(frame(n), reason: "before restart \(n)")
        }
        try await first.stop()
        let saved = try #require(PanelStateStore(directory: directory).load())
        #expect(saved.counters.updatesSinceFull == 2)
        #expect(saved.counters.fullRefreshes == 1 && saved.counters.partialRefreshes == 2)
        #expect(saved.shownFrame == FrameDigest(frame(2)))

        // The service comes back 30 s after the last refresh (at 400 s), with a panel that lost its RAM.
        let later = TestTime(epoch: ControllerRig<SSD168xModel>.mondayMidnightLocal.addingTimeInterval(430))
        let second = try ControllerRig(stateDirectory: directory, time: later)
        #expect(await second.controller.showsFrame)
        #expect(try await !ControllerRig(.waveshare2in9V2, stateDirectory: directory, time: later, runs: false).controller.showsFrame,
                "another panel model shows nothing of the last run")
        #expect(try await second.controller.present(frame(2), reason: "same as before") == .unchanged)
        #expect(second.emulator.bytesReceived == 0)
        let outcome = try await second.controller.present(frame(3), reason: "after restart")
        #expect(outcome == .waiting(until: ControllerRig<SSD168xModel>.mondayMidnightLocal.addingTimeInterval(580)))
        await second.advance(to: .seconds(150))
        #expect(second.emulator.refreshes.map(\.kind) == [.fast])
        for n in 4..<7 {
            await second.advance(to: .seconds(150 + 200 * (n - 3)))
            try await second.controller.present(frame(n), reason: "after restart \(n)")
        }
        // Two partial refreshes before the restart, a fast one (the old image is gone), two partial ones:
        // the budget of five is spent, so the next one is full.
        #expect(second.emulator.refreshes.map(\.kind) == [.fast, .partial, .partial, .full])
        let status = await second.controller.status()
        #expect(status.counters.fullRefreshes == 2 && status.counters.fastRefreshes == 1 && status.counters.partialRefreshes == 4)
        // The status page's list of last refreshes carries over too, newest first.
        #expect(status.recentRefreshes.map(\.reason) == [
            "after restart 6", "after restart 5", "after restart 4", "after restart", "before restart 2", "before restart 1",
            "before restart 0",
        ])
        #expect(status.recentRefreshes.map(\.kind) == [.full, .partial, .partial, .fast, .partial, .partial, .full])
        try await second.stop()
        #expect(second.emulator.finish().isEmpty)
    }

    @Test("After a restart, the frame already on the panel is not redrawn but still gets its daily full refresh")
    func dailyRefreshAfterRestart() async throws {
        let directory = try temporaryDirectory()
        let first = try ControllerRig(stateDirectory: directory)
        try await first.controller.present(frame(0), reason: "before restart")
        try await first.stop()
        let later = TestTime(epoch: ControllerRig<SSD168xModel>.mondayMidnightLocal.addingTimeInterval(3600))
        let second = try ControllerRig(stateDirectory: directory, time: later)
        #expect(try await second.controller.present(frame(0), reason: "same frame") == .unchanged)
        await second.advance(to: .seconds(86_400))
        #expect(second.emulator.refreshes.map(\.kind) == [.full])
        let start = try #require(second.emulator.refreshes.first).start
        #expect(start >= .seconds(86_400 - 3600) && start < .seconds(86_400 - 3600 + 1))
        #expect(second.emulator.displayedImage == frame(0))
        try await second.stop()
    }

    @Test("A BUSY line stuck high fails the refresh with the pin and the panel; the controller keeps the frame and retries later")
    func stuckBusyRetries() async throws {
        let rig = try ControllerRig()
        rig.emulator.holdBusy(at: true)
        let outcome = try await rig.controller.present(frame(0), reason: "first", userInitiated: true)
        guard case .failed(let failure) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(failure.message.contains("GPIO 24") && failure.message.contains("waveshare-2in13-v4"))
        let status = await rig.controller.status()
        #expect(status.lastError == failure)
        #expect(status.counters.failures == 1)
        #expect(status.nextRefreshAt == failure.retryAt)
        await rig.advance(to: rig.time.offset(of: failure.retryAt) - .seconds(10))
        #expect(await rig.controller.status().counters.failures == 1, "no retry before retryAt, even for a user-initiated frame")
        rig.emulator.holdBusy(at: nil)
        await rig.advance(to: rig.time.offset(of: failure.retryAt) - .seconds(1))
        #expect(rig.emulator.refreshes.isEmpty)
        await rig.advance(to: rig.time.offset(of: failure.retryAt) + .seconds(1))
        #expect(rig.emulator.refreshes.map(\.kind) == [.full])
        #expect(rig.emulator.displayedImage == frame(0))
        #expect(await rig.controller.status().lastError == nil)
        try await rig.stop()
    }

    @Test("A graceful shutdown (what SIGTERM triggers) ends with the panel asleep, switched off and its lines released; a later frame is dropped")
    func gracefulShutdown() async throws {
        let directory = try temporaryDirectory()
        let rig = try ControllerRig(stateDirectory: directory, runs: false)
        let group = ServiceGroup(services: [rig.controller], logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await rig.controller.present(frame(0), reason: "first")
            await rig.advance(to: .seconds(10))
            try await rig.controller.present(frame(1), reason: "waiting")
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(rig.emulator.phaseAtSupplyOff == .deepSleep)
        #expect(rig.emulator.released)
        #expect(rig.emulator.refreshes.count == 1)
        #expect(rig.emulator.finish().isEmpty)
        #expect(PanelStateStore(directory: directory).load()?.counters.fullRefreshes == 1)
        // A frame the scheduler composes while the service stops is dropped quietly: a stop is no error, and
        // a service that stops because something else failed logs that reason, not the panel.
        #expect(try await rig.controller.present(frame(2), reason: "too late") == .stopped)
        #expect(rig.emulator.refreshes.count == 1)
        #expect(!rig.log.records.contains { $0.level >= .warning })
    }
}
