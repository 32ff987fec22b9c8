import Foundation
import HubActions
import InkWidgets
import Logging
import SharedDefaultsKit
import Synchronization
import Testing
import WeatherInfoKit
import WeatherWidgets

/// Panel keys and `weatherctl open` choose the forecast day in the real shared defaults on disk and reload
/// the widgets as key presses.
@Suite("Panel actions and keys")
struct PanelActionsTests {
    /// The scheduler's side of `WidgetCenter`, recording what it is asked to reload and why.
    final class ReloadRecorder: WidgetCenterBackend {
        private let reasons = Mutex<[ReloadReason]>([])
        var recorded: [ReloadReason] { reasons.withLock { $0 } }

        func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws {
            #expect(kind == nil, "panel actions reload every widget")
            reasons.withLock { $0.append(reason) }
        }

        func reloadAndWait(ofKind kind: String?, reason: ReloadReason) async throws -> [ReloadReport] {
            Issue.record("panel actions do not wait for the panel")
            return []
        }

        func currentConfigurations() async throws -> [WidgetInfo] { [] }
    }

    let recorder = ReloadRecorder()
    let defaults: SharedDefaults
    let actions: PanelActions

    init() throws {
        let directory = NSTemporaryDirectory() + "panel-actions-\(UUID().uuidString.prefix(8))"
        defaults = try SharedDefaults(suiteName: "group.weatherhub", containerDirectory: directory)
        actions = PanelActions(defaults: defaults, center: WidgetCenter(backend: recorder), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// The 2.7" HAT's four keys and a fifth one wired by the user, in board order.
    let board = ["KEY1", "KEY2", "KEY3", "KEY4", "KEY5"]

    /// Runs `KeyActions` over presses of the keys named `names`, until the presses end.
    func press(_ names: [String]) async throws {
        let (presses, continuation) = AsyncStream.makeStream(of: String.self)
        for name in names { continuation.yield(name) }
        continuation.finish()
        try await KeyActions(keyNames: board, presses: presses, actions: actions).run()
    }

    @Test("KEY3 steps to the next day, KEY1 back, KEY2 returns to today, each saved and reloaded as a key press")
    func keysSelectTheForecastDay() async throws {
        try await press(["KEY3", "KEY3"])
        #expect(defaults.value(for: .selectedForecastDay) == 2)
        try await press(["KEY1"])
        #expect(defaults.value(for: .selectedForecastDay) == 1)
        try await press(["KEY2"])
        #expect(defaults.value(for: .selectedForecastDay) == 0)
        #expect(recorder.recorded == Array(repeating: .keyPress, count: 4))
    }

    @Test("the day stays within today and the last forecast day however often a key is pressed")
    func daysAreClamped() async throws {
        try await press(Array(repeating: "KEY3", count: 7))
        #expect(defaults.value(for: .selectedForecastDay) == PanelActions.lastDay)
        try await press(Array(repeating: "KEY1", count: 9))
        #expect(defaults.value(for: .selectedForecastDay) == 0)
        #expect(try await actions.perform(.showDay(9)) == PanelActions.lastDay)
        #expect(try await actions.perform(.showDay(-3)) == 0)
    }

    @Test("KEY4 refreshes every widget without changing the day; a key beyond the fourth does nothing")
    func refreshAndUnknownKeys() async throws {
        #expect(try await actions.perform(.showDay(3)) == 3)
        try await press(["KEY4", "KEY5"])
        #expect(defaults.value(for: .selectedForecastDay) == 3)
        #expect(recorder.recorded == [.keyPress, .keyPress])
    }

    @Test("each key's meaning follows the board order")
    func keyMeanings() {
        let keyActions = KeyActions(keyNames: board, presses: AsyncStream<String> { $0.finish() }, actions: actions)
        #expect(keyActions.action(forKeyNamed: "KEY1") == .previousDay)
        #expect(keyActions.action(forKeyNamed: "KEY2") == .today)
        #expect(keyActions.action(forKeyNamed: "KEY3") == .nextDay)
        #expect(keyActions.action(forKeyNamed: "KEY4") == .refresh)
        #expect(keyActions.action(forKeyNamed: "KEY5") == nil)
        #expect(keyActions.action(forKeyNamed: "other") == nil)
    }

    @Test("presses at the same moment each count")
    func concurrentPresses() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 { group.addTask { try await actions.perform(.nextDay) } }
            try await group.waitForAll()
        }
        #expect(defaults.value(for: .selectedForecastDay) == 3)
    }
}
