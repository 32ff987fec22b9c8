import EPaper
import Foundation
import Testing

/// The 2.7" HAT keys: bouncing edges in, one `KeyPress` per press out.
@Suite("Panel keys")
struct PanelKeysTests {
    private func presses(_ script: [KeyBoardEmulator.Action], heldAtStart: Set<UInt32> = []) async throws -> ([String], KeyBoardEmulator) {
        let time = TestTime(epoch: Date(timeIntervalSince1970: 1_772_406_000))
        let settings = PanelKeySettings.waveshare2in7HAT
        let board = KeyBoardEmulator(time: time, lines: settings.keys.map(\.line), heldAtStart: heldAtStart, script: script)
        let keys = PanelKeys(settings: settings, lines: board, clock: time.blocking, logger: LogRecorder().logger())
        let running = Task { try await keys.run() }
        await board.waitUntilPlayed()
        running.cancel()
        try await running.value
        var names: [String] = []
        for await press in keys.presses { names.append(press.key.name) }
        return (names, board)
    }

    @Test("Bouncing contacts give exactly one press per push, in order, and the lines are released at the end")
    func debouncedPresses() async throws {
        let (names, board) = try await presses([
            .init(at: .milliseconds(100), line: 5, pressed: true, bounces: 3),
            .init(at: .milliseconds(220), line: 5, pressed: false, bounces: 2),
            .init(at: .milliseconds(400), line: 13, pressed: true, bounces: 4),
            .init(at: .milliseconds(480), line: 13, pressed: false, bounces: 1),
            .init(at: .milliseconds(600), line: 19, pressed: true, bounces: 0),
            .init(at: .milliseconds(700), line: 19, pressed: false, bounces: 0),
            .init(at: .milliseconds(760), line: 5, pressed: true, bounces: 2),
            .init(at: .milliseconds(900), line: 5, pressed: false, bounces: 2),
        ])
        #expect(names == ["KEY1", "KEY3", "KEY4", "KEY1"])
        #expect(board.released)
    }

    @Test("A glitch shorter than the debounce time and a key held at start are not presses")
    func glitchesIgnored() async throws {
        let (names, _) = try await presses([
            // A 10 ms dip on KEY2: pressed and released again within the 30 ms debounce.
            .init(at: .milliseconds(100), line: 6, pressed: true, bounces: 0),
            .init(at: .milliseconds(110), line: 6, pressed: false, bounces: 0),
            // KEY4 was held when reading started: its release is not a press, the next push is.
            .init(at: .milliseconds(200), line: 19, pressed: false, bounces: 2),
            .init(at: .milliseconds(400), line: 19, pressed: true, bounces: 2),
        ], heldAtStart: [19])
        #expect(names == ["KEY4"])
    }
}
