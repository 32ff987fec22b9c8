import Foundation
import InkUI
import InkWidgets
import Logging
import Synchronization
import Testing

/// Counts provider calls across tasks.
final class CallCounter: Sendable {
    private let value = Mutex(0)

    /// Counts one more call and returns its number.
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
    var count: Int { value.withLock { $0 } }
}

/// The scheduler service end to end: real providers, real rendering, a recording panel, injected time.
@Suite("Widget scheduler")
struct WidgetSchedulerTests {
    static let start = Moment(wall: Date(timeIntervalSince1970: 1_800_000_000), uptime: .zero)
    static let fonts = try! FontLibrary()

    /// Shows the hour of each entry; hourly entries for the next `hours` hours, reloading at the end.
    struct HourlyProvider: TimelineProvider {
        struct Entry: TimelineEntry {
            let date: Date
            let label: String
        }

        let hours: Int
        let calls = CallCounter()

        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast, label: "--:--") }
        func snapshot(in context: Context) async -> Entry { Entry(date: .now, label: "now") }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            let call = calls.next()
            let base = WidgetSchedulerTests.start.wall.addingTimeInterval(Double((call - 1) * hours) * 3600)
            let entries = (0..<hours).map { hour in
                Entry(date: base.addingTimeInterval(Double(hour) * 3600), label: "\(call)/\(hour)")
            }
            return Timeline(entries: entries, policy: .atEnd)
        }
    }

    /// A provider that fails the first `failures` calls.
    struct FlakyProvider: TimelineProvider {
        struct Failure: Error, CustomStringConvertible { var description: String { "network down" } }
        let failures: Int
        let calls = CallCounter()

        func placeholder(in context: Context) -> HourlyProvider.Entry { .init(date: .distantPast, label: "…") }
        func snapshot(in context: Context) async -> HourlyProvider.Entry { .init(date: .now, label: "snap") }
        func timeline(in context: Context) async throws -> Timeline<HourlyProvider.Entry> {
            let call = calls.next()
            if call <= failures { throw Failure() }
            return Timeline(entries: [.init(date: WidgetSchedulerTests.start.wall, label: "ok \(call)")], policy: .never)
        }
    }

    /// Records every frame the panel gets, with the virtual time.
    final class RecordingPanel: FrameSink {
        struct Refresh {
            let frame: Frame
            let reason: String
            let userInitiated: Bool
            let date: Date
        }

        let clock: any SchedulerClock
        let refreshes = Mutex<[Refresh]>([])

        init(clock: any SchedulerClock) {
            self.clock = clock
        }

        func present(_ frame: Frame, reason: String, userInitiated: Bool) async {
            let date = clock.now().wall
            refreshes.withLock { $0.append(Refresh(frame: frame, reason: reason, userInitiated: userInitiated, date: date)) }
        }

        var all: [Refresh] { refreshes.withLock { $0 } }
    }

    static func widget<P: TimelineProvider>(_ provider: P, kind: String = "clock", family: WidgetFamily = .small) -> HostedWidget
    where P.Entry == HourlyProvider.Entry {
        StaticConfiguration(kind: kind, provider: provider) { entry in
            Text(entry.label)
        }
        .hosted(in: WidgetPlacement(kind: kind, family: family, id: WidgetID(kind), region: PixelRect(x: 0, y: 0, width: 200, height: 40)),
                capability: .monochrome, isPreview: false)
    }

    func scheduler(
        _ widgets: [HostedWidget], clock: any SchedulerClock, panel: RecordingPanel, execution: WidgetScheduler.ReloadExecution = .inline,
        startup: WidgetScheduler.StartupDisplay = .placeholders
    ) -> WidgetScheduler {
        WidgetScheduler(
            widgets: widgets, panelSize: PixelSize(width: 200, height: 40), capability: .monochrome,
            settings: SchedulerSettings(minimumDisplayInterval: .seconds(180)), clock: clock, sink: panel,
            renderer: SharedRenderer(fonts: Self.fonts), execution: execution, startup: startup, logger: Logger(label: "test"))
    }

    /// A widget filling the region from `x` black, whatever its entries say.
    static func blackBlock(_ provider: FlakyProvider, kind: String, x: Int) -> HostedWidget {
        StaticConfiguration(kind: kind, provider: provider) { _ in Rectangle().fill(.black) }
            .hosted(in: WidgetPlacement(kind: kind, family: .small, id: WidgetID(kind), region: PixelRect(x: x, y: 0, width: 50, height: 40)),
                    capability: .monochrome, isPreview: false)
    }

    @Test("a day of hourly entries: placeholder first, then one refresh per hour, reloading at the end")
    func hourlyDay() async throws {
        let clock = VirtualSchedulerClock(start: Self.start, end: .seconds(86_400 - 1))
        let panel = RecordingPanel(clock: clock)
        let provider = HourlyProvider(hours: 6)
        try await scheduler([Self.widget(provider)], clock: clock, panel: panel).run()
        let refreshes = panel.all
        #expect(refreshes.first?.reason == "clock placeholder")
        // 24 hourly entries in the day, each a new frame, plus the placeholder.
        #expect(refreshes.count == 25)
        let hours = refreshes.dropFirst().map { $0.date.timeIntervalSince(Self.start.wall) / 3600 }
        #expect(hours == (0..<24).map(Double.init))
        // .atEnd: a reload at each last entry (0 h, 5 h, 11 h, 17 h, 23 h).
        #expect(provider.calls.count == 5)
    }

    @Test("a frame identical to the one shown never reaches the panel")
    func identicalFramesSkipped() async throws {
        struct SameProvider: TimelineProvider {
            func placeholder(in context: Context) -> HourlyProvider.Entry { .init(date: .distantPast, label: "x") }
            func snapshot(in context: Context) async -> HourlyProvider.Entry { .init(date: .now, label: "x") }
            func timeline(in context: Context) async throws -> Timeline<HourlyProvider.Entry> {
                Timeline(entries: (0..<12).map { .init(date: WidgetSchedulerTests.start.wall.addingTimeInterval(Double($0) * 3600), label: "same") },
                         policy: .never)
            }
        }
        let clock = VirtualSchedulerClock(start: Self.start, end: .seconds(86_400))
        let panel = RecordingPanel(clock: clock)
        let widget = StaticConfiguration(kind: "same", provider: SameProvider()) { entry in Text(entry.label) }
            .hosted(in: WidgetPlacement(kind: "same", family: .small, id: "same", region: PixelRect(x: 0, y: 0, width: 200, height: 40)),
                    capability: .monochrome, isPreview: false)
        try await scheduler([widget], clock: clock, panel: panel).run()
        #expect(panel.all.count == 2)
    }

    @Test("a failing provider keeps the panel and reports the error; the retry recovers")
    func failingProvider() async throws {
        let clock = VirtualSchedulerClock(start: Self.start, end: .seconds(600))
        let panel = RecordingPanel(clock: clock)
        let provider = FlakyProvider(failures: 2)
        let scheduler = scheduler([Self.widget(provider)], clock: clock, panel: panel)
        try await scheduler.run()
        // Placeholder, then the third call's timeline (after retries at 30 s and 90 s).
        #expect(panel.all.count == 2)
        #expect(panel.all.last.map { $0.date.timeIntervalSince(Self.start.wall) } == 90)
        let status = await scheduler.statuses().first?.schedule
        #expect(status?.consecutiveFailures == 0)
        #expect(provider.calls.count == 3)
    }

    @Test("two widgets compose into one panel frame, each in its region")
    func composition() async throws {
        let clock = VirtualSchedulerClock(start: Self.start, end: .seconds(10))
        let panel = RecordingPanel(clock: clock)
        let widgets = [Self.blackBlock(FlakyProvider(failures: 0), kind: "left", x: 0), Self.blackBlock(FlakyProvider(failures: 0), kind: "right", x: 120)]
        try await scheduler(widgets, clock: clock, panel: panel).run()
        let frame = try #require(panel.all.last?.frame)
        #expect(frame[10, 10] == .black)
        #expect(frame[80, 10] == .white)
        #expect(frame[130, 10] == .black)
    }

    @Test("reloadAndWait answers once the new frame is on the panel")
    func reloadAndWait() async throws {
        let clock = SystemSchedulerClock()
        let panel = RecordingPanel(clock: clock)
        let provider = HourlyProvider(hours: 1)
        let scheduler = scheduler([Self.widget(provider)], clock: clock, panel: panel, execution: .concurrent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await scheduler.run() }
            let reports = try await scheduler.reloadAndWait(ofKind: nil, reason: .user)
            #expect(reports.map(\.outcome).allSatisfy { [.shown, .unchanged, .notYetDue].contains($0) })
            #expect(reports.map(\.widget) == ["clock"])
            await #expect(throws: WidgetCenterError.self) { try await scheduler.reloadAndWait(ofKind: "nope", reason: .user) }
            group.cancelAll()
        }
        #expect(provider.calls.count >= 2)
    }

    /// Records why each timeline was asked for.
    struct ReasonRecordingProvider: TimelineProvider {
        final class Log: Sendable {
            private let reasons = Mutex<[ReloadReason?]>([])

            /// Adds one and returns how many there are.
            func append(_ reason: ReloadReason?) -> Int { reasons.withLock { $0.append(reason); return $0.count } }
            var all: [ReloadReason?] { reasons.withLock { $0 } }
        }

        let log = Log()

        func placeholder(in context: Context) -> HourlyProvider.Entry { .init(date: .distantPast, label: "…") }
        func snapshot(in context: Context) async -> HourlyProvider.Entry { .init(date: .now, label: "snap") }
        func timeline(in context: Context) async throws -> Timeline<HourlyProvider.Entry> {
            let count = log.append(context.reloadReason)
            return Timeline(entries: [.init(date: .now, label: "\(count)")], policy: .never)
        }
    }

    @Test("the provider learns why its timeline is asked for: the start, then each request")
    func providerSeesTheReason() async throws {
        let clock = SystemSchedulerClock()
        let provider = ReasonRecordingProvider()
        let scheduler = scheduler([Self.widget(provider)], clock: clock, panel: RecordingPanel(clock: clock), execution: .concurrent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await scheduler.run() }
            _ = try await scheduler.reloadAndWait(ofKind: nil, reason: .user)
            _ = try await scheduler.reloadAndWait(ofKind: nil, reason: .keyPress)
            group.cancelAll()
        }
        #expect(provider.log.all == [.start, .user, .keyPress])
        #expect(ReloadReason.user.isRequestedByPerson && ReloadReason.keyPress.isRequestedByPerson)
        #expect(!ReloadReason.start.isRequestedByPerson && !ReloadReason.policy.isRequestedByPerson)
    }

    @Test("after a restart the panel keeps the last run's frame until the first timeline: no placeholder refresh")
    func restartShowsNoPlaceholder() async throws {
        let clock = VirtualSchedulerClock(start: Self.start, end: .seconds(2 * 3600 - 1))
        let panel = RecordingPanel(clock: clock)
        try await scheduler([Self.widget(HourlyProvider(hours: 6))], clock: clock, panel: panel, startup: .lastFrame).run()
        #expect(panel.all.map(\.reason) == ["clock", "clock"])
        #expect(panel.all.map { $0.date.timeIntervalSince(Self.start.wall) / 3600 } == [0, 1])
    }

    @Test("after a restart the first frame waits for every widget; one whose first answer failed shows its placeholder")
    func restartWaitsForEveryWidget() async throws {
        let clock = VirtualSchedulerClock(start: Self.start, end: .seconds(10))
        let panel = RecordingPanel(clock: clock)
        let widgets = [Self.blackBlock(FlakyProvider(failures: 0), kind: "left", x: 0), Self.blackBlock(FlakyProvider(failures: 1), kind: "right", x: 120)]
        let scheduler = scheduler(widgets, clock: clock, panel: panel, startup: .lastFrame)
        try await scheduler.run()
        // One frame, at once: the failed widget's retry (30 s later) is not waited for.
        #expect(panel.all.map(\.reason) == ["left, right placeholder"])
        #expect(panel.all.first?.date == Self.start.wall)
        #expect(await scheduler.statuses().map(\.schedule.showsPlaceholder) == [false, true])
    }

    @Test("after a restart a provider that never answers holds the first frame back only until its timeout", .timeLimit(.minutes(1)))
    func restartGivesUpOnAHangingProvider() async throws {
        struct HangingProvider: TimelineProvider {
            func placeholder(in context: Context) -> HourlyProvider.Entry { .init(date: .distantPast, label: "…") }
            func snapshot(in context: Context) async -> HourlyProvider.Entry { .init(date: .now, label: "snap") }
            func timeline(in context: Context) async throws -> Timeline<HourlyProvider.Entry> {
                try await Task.sleep(for: .seconds(3600))
                return Timeline(entries: [], policy: .never)
            }
        }
        struct NowProvider: TimelineProvider {
            func placeholder(in context: Context) -> HourlyProvider.Entry { .init(date: .distantPast, label: "…") }
            func snapshot(in context: Context) async -> HourlyProvider.Entry { .init(date: .now, label: "snap") }
            func timeline(in context: Context) async throws -> Timeline<HourlyProvider.Entry> {
                Timeline(entries: [.init(date: .now, label: "now")], policy: .never)
            }
        }
        let clock = SystemSchedulerClock()
        let panel = RecordingPanel(clock: clock)
        let left = StaticConfiguration(kind: "left", provider: NowProvider()) { _ in Rectangle().fill(.black) }
            .hosted(in: WidgetPlacement(kind: "left", family: .small, id: "left", region: PixelRect(x: 0, y: 0, width: 50, height: 40)),
                    capability: .monochrome, isPreview: false)
        let right = StaticConfiguration(kind: "right", provider: HangingProvider()) { _ in Rectangle().fill(.black) }
            .hosted(in: WidgetPlacement(kind: "right", family: .small, id: "right", region: PixelRect(x: 120, y: 0, width: 50, height: 40)),
                    capability: .monochrome, isPreview: false)
        let scheduler = WidgetScheduler(
            widgets: [left, right],
            panelSize: PixelSize(width: 200, height: 40), capability: .monochrome,
            // Long enough that the answering provider always makes it on a loaded machine.
            settings: SchedulerSettings(providerTimeout: .seconds(3)), clock: clock, sink: panel, renderer: SharedRenderer(fonts: Self.fonts),
            execution: .concurrent, startup: .lastFrame, logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await scheduler.run() }
            // Answers once the left widget's frame is on the panel, which the hold delays until the timeout.
            let reports = try await scheduler.reloadAndWait(ofKind: "left", reason: .user)
            #expect(reports.map(\.outcome) == [.shown])
            group.cancelAll()
        }
        #expect(panel.all.first?.reason == "left, right placeholder")
    }
}
