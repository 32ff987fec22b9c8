import Foundation
import HubSystem
import InkWidgets
import Testing

/// Every row of the timeline rules table (`docs/timelines.md`), driven on explicit moments.
@Suite("Timeline schedule rules")
struct TimelineScheduleTests {
    static let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let widget: WidgetID = "weather"

    func at(_ seconds: Double) -> Moment {
        Moment(wall: Self.origin.addingTimeInterval(seconds), uptime: .milliseconds(Int64(seconds * 1000)))
    }

    func date(_ seconds: Double) -> Date { Self.origin.addingTimeInterval(seconds) }

    func schedule(_ settings: SchedulerSettings = SchedulerSettings()) -> TimelineSchedule {
        TimelineSchedule(widgets: [widget], settings: settings)
    }

    /// Starts the schedule and answers the first reload with the given timeline at `answerAt`.
    func started(
        entries: [Double], policy: TimelineReloadPolicy, answerAt: Double = 1, settings: SchedulerSettings = SchedulerSettings()
    ) -> (TimelineSchedule, [ScheduleAction]) {
        var schedule = schedule(settings)
        _ = schedule.start(at: at(0))
        let actions = schedule.timelineArrived(
            for: widget, generation: 1, entryDates: entries.map(date), policy: policy, at: at(answerAt))
        return (schedule, actions)
    }

    func shownEntries(_ actions: [ScheduleAction]) -> [Int] {
        actions.compactMap { if case .show(_, let entry, _, _) = $0 { entry } else { nil } }
    }

    func reloads(_ actions: [ScheduleAction]) -> [ReloadReason] {
        actions.compactMap { if case .startReload(_, _, let reason) = $0 { reason } else { nil } }
    }

    @Test("nothing shown yet: the placeholder is shown at once, then the timeline is asked for")
    func placeholderFirst() {
        var schedule = schedule()
        let actions = schedule.start(at: at(0))
        #expect(actions == [.showPlaceholder(widget), .startReload(widget, generation: 1, reason: .start)])
        #expect(schedule.status(of: widget, at: at(0))?.showsPlaceholder == true)
    }

    @Test("empty entries keep what is shown; .atEnd reloads after the minimum interval, never in a loop")
    func emptyEntries() {
        var (schedule, actions) = started(entries: [], policy: .atEnd)
        #expect(shownEntries(actions).isEmpty)
        #expect(schedule.nextWake(at: at(1)) == .seconds(300))
        #expect(reloads(schedule.advance(to: at(299))).isEmpty)
        let due = schedule.advance(to: at(300))
        #expect(reloads(due) == [.policy])
        let again = schedule.timelineArrived(for: widget, generation: 2, entryDates: [], policy: .atEnd, at: at(300.1))
        #expect(reloads(again).isEmpty)
        #expect(schedule.nextWake(at: at(300.1)) == .seconds(600))
        #expect(schedule.status(of: widget, at: at(301))?.showsPlaceholder == true)
    }

    @Test("unsorted entries are sorted stably; of equal dates the later element wins")
    func unsortedEntries() {
        // Provider order: 2h, 0 (A), 1h, 0 (B). At 0 the later of the two equal dates (index 3) shows.
        var (schedule, actions) = started(entries: [7200, 0, 3600, 0], policy: .never)
        #expect(shownEntries(actions) == [3])
        #expect(shownEntries(schedule.advance(to: at(3600))) == [2])
        #expect(shownEntries(schedule.advance(to: at(7200))) == [0])
    }

    @Test("entries all in the past: the newest past entry shows now")
    func allPast() {
        let (_, actions) = started(entries: [-7200, -60, -3600], policy: .never, answerAt: 1)
        #expect(shownEntries(actions) == [1])
    }

    @Test("first entry in the future: the placeholder stays until that date")
    func firstEntryInFuture() {
        var (schedule, actions) = started(entries: [600, 1200], policy: .never)
        #expect(shownEntries(actions).isEmpty)
        #expect(schedule.nextWake(at: at(1)) == .seconds(600))
        #expect(shownEntries(schedule.advance(to: at(599))).isEmpty)
        #expect(shownEntries(schedule.advance(to: at(600))) == [0])
    }

    @Test("several entries due at once: only the newest due entry is shown")
    func severalDueAtOnce() {
        var (schedule, actions) = started(entries: [0, 3600, 7200, 10800, 14400], policy: .never)
        #expect(shownEntries(actions) == [0])
        // The host slept through three entries (suspend, busy machine): one show, the newest.
        #expect(shownEntries(schedule.advance(to: at(11000))) == [3])
    }

    @Test("entries closer than the panel may refresh: only the newest due entry, at the allowed time")
    func closerThanDisplayInterval() {
        var (schedule, actions) = started(entries: [0, 60, 120, 240, 250], policy: .never)
        #expect(shownEntries(actions) == [0])
        #expect(schedule.nextWake(at: at(1)) == .seconds(181))
        #expect(shownEntries(schedule.advance(to: at(60))).isEmpty)
        #expect(shownEntries(schedule.advance(to: at(181))) == [2])
        #expect(schedule.nextWake(at: at(181)) == .seconds(361))
        #expect(shownEntries(schedule.advance(to: at(361))) == [4])
    }

    @Test(".after(date) in the past waits for the minimum reload interval")
    func afterInThePast() {
        var (schedule, _) = started(entries: [0], policy: .after(date(-600)))
        #expect(schedule.nextWake(at: at(1)) == .seconds(300))
        #expect(reloads(schedule.advance(to: at(300))) == [.policy])
    }

    @Test(".after(date) in the future reloads at that date")
    func afterInTheFuture() {
        var (schedule, _) = started(entries: [0], policy: .after(date(1800)))
        #expect(reloads(schedule.advance(to: at(1799))).isEmpty)
        #expect(reloads(schedule.advance(to: at(1800))) == [.policy])
    }

    @Test(".atEnd reloads after the last entry's date, clamped by the minimum interval")
    func atEnd() {
        var (schedule, _) = started(entries: [0, 3600, 7200], policy: .atEnd)
        #expect(reloads(schedule.advance(to: at(7100))).isEmpty)
        #expect(schedule.nextWake(at: at(7100)) == .seconds(7200))
        #expect(reloads(schedule.advance(to: at(7200))) == [.policy])

        var (early, _) = started(entries: [0, 10], policy: .atEnd)
        #expect(reloads(early.advance(to: at(299))).isEmpty)
        #expect(early.status(of: widget, at: at(299))?.nextReloadDate == date(300))
        #expect(reloads(early.advance(to: at(300))) == [.policy])
    }

    @Test(".never reloads only on explicit requests")
    func never() {
        var (schedule, _) = started(entries: [0], policy: .never)
        #expect(schedule.nextWake(at: at(1)) == nil)
        #expect(reloads(schedule.advance(to: at(86400 * 3))).isEmpty)
        _ = schedule.requestReload(of: [widget], reason: .user, at: at(86400 * 3))
        #expect(reloads(schedule.advance(to: at(86400 * 3 + 0.25))) == [.user])
    }

    @Test("a new timeline replaces the old one whole")
    func replacement() {
        var (schedule, _) = started(entries: [0, 3600, 7200], policy: .after(date(1800)))
        _ = schedule.advance(to: at(1800))
        let actions = schedule.timelineArrived(
            for: widget, generation: 2, entryDates: [date(1800), date(5400)], policy: .never, at: at(1801))
        #expect(shownEntries(actions) == [0])
        // The old 3600 entry never shows; the new 5400 one does.
        #expect(shownEntries(schedule.advance(to: at(3600))).isEmpty)
        #expect(schedule.status(of: widget, at: at(3600))?.nextEntryDate == date(5400))
        #expect(shownEntries(schedule.advance(to: at(5400))) == [1])
    }

    @Test("a provider that throws keeps the old timeline and is retried with exponential backoff")
    func providerThrows() {
        var (schedule, _) = started(entries: [0, 7200], policy: .after(date(600)))
        #expect(reloads(schedule.advance(to: at(600))) == [.policy])
        let failed = schedule.reloadFailed(for: widget, generation: 2, message: "offline", at: at(601))
        #expect(shownEntries(failed).isEmpty)
        var status = schedule.status(of: widget, at: at(601))
        #expect(status?.lastError == "offline")
        #expect(status?.consecutiveFailures == 1)
        #expect(status?.shownEntryDate == date(0))
        #expect(schedule.nextWake(at: at(601)) == .seconds(631))
        #expect(reloads(schedule.advance(to: at(631))) == [.retry])
        _ = schedule.reloadFailed(for: widget, generation: 3, message: "offline", at: at(632))
        #expect(schedule.nextWake(at: at(632)) == .seconds(692))
        _ = schedule.advance(to: at(692))
        _ = schedule.reloadFailed(for: widget, generation: 4, message: "offline", at: at(693))
        #expect(schedule.nextWake(at: at(693)) == .seconds(813))
        // The old timeline still runs meanwhile.
        let later = schedule.advance(to: at(7200))
        #expect(shownEntries(later) == [1])
        #expect(reloads(later) == [.retry])
        status = schedule.status(of: widget, at: at(7200))
        #expect(status?.shownEntryDate == date(7200))
    }

    @Test("the backoff doubles up to its maximum")
    func backoffCap() {
        let settings = SchedulerSettings(initialRetryDelay: .seconds(30), maximumRetryDelay: .seconds(100))
        var (schedule, _) = started(entries: [0], policy: .after(date(600)), settings: settings)
        var now = 600.0
        var generation = 2
        var delays: [Double] = []
        _ = schedule.advance(to: at(now))
        for _ in 0..<4 {
            _ = schedule.reloadFailed(for: widget, generation: generation, message: "x", at: at(now))
            let wake = schedule.nextWake(at: at(now))!.timeInterval
            delays.append(wake - now)
            now = wake
            _ = schedule.advance(to: at(now))
            generation += 1
        }
        #expect(delays == [30, 60, 100, 100])
    }

    @Test("a provider that never answers times out, and its late answer is ignored")
    func providerHangs() {
        var schedule = schedule()
        _ = schedule.start(at: at(0))
        #expect(schedule.nextWake(at: at(0)) == .seconds(30))
        let late = schedule.advance(to: at(30))
        #expect(late == [.cancelReload(widget, generation: 1)])
        #expect(schedule.status(of: widget, at: at(30))?.lastError?.contains("did not answer") == true)
        let ignored = schedule.timelineArrived(for: widget, generation: 1, entryDates: [date(0)], policy: .never, at: at(31))
        #expect(ignored.isEmpty)
        #expect(schedule.status(of: widget, at: at(31))?.showsPlaceholder == true)
        #expect(reloads(schedule.advance(to: at(60))) == [.retry])
    }

    @Test("a reload requested while one runs is followed by exactly one more")
    func singleFlight() {
        var schedule = schedule()
        _ = schedule.start(at: at(0))
        for offset in stride(from: 0.1, to: 2, by: 0.1) {
            #expect(reloads(schedule.requestReload(of: [widget], reason: .user, at: at(offset))).isEmpty)
        }
        let answered = schedule.timelineArrived(for: widget, generation: 1, entryDates: [date(0)], policy: .never, at: at(2))
        #expect(reloads(answered) == [.user])
        let second = schedule.timelineArrived(for: widget, generation: 2, entryDates: [date(0)], policy: .never, at: at(3))
        #expect(reloads(second).isEmpty)
        #expect(schedule.nextWake(at: at(3)) == nil)
    }

    @Test("a burst of requests is debounced into one reload")
    func debounce() {
        var (schedule, _) = started(entries: [0], policy: .never)
        _ = schedule.requestReload(of: [widget], reason: .user, at: at(10))
        _ = schedule.requestReload(of: [widget], reason: .user, at: at(10.1))
        _ = schedule.requestReload(of: [widget], reason: .keyPress, at: at(10.2))
        #expect(schedule.nextWake(at: at(10.2)) == .milliseconds(10_250))
        #expect(reloads(schedule.advance(to: at(10.25))) == [.user])
        #expect(reloads(schedule.advance(to: at(20))).isEmpty)
    }

    @Test("non-exempt reloads spend a rolling 24-hour budget; exempt ones do not")
    func budget() {
        let settings = SchedulerSettings(minimumReloadInterval: .seconds(60), reloadBudget: 3)
        var (schedule, _) = started(entries: [0], policy: .after(date(0)), settings: settings)
        var started: [Double] = []
        var now = 1.0
        while now < 86400 * 1.5 {
            guard let wake = schedule.nextWake(at: at(now)) else { break }
            now = wake.timeInterval
            for action in schedule.advance(to: at(now)) {
                if case .startReload(_, let g, _) = action {
                    started.append(now)
                    _ = schedule.timelineArrived(for: widget, generation: g, entryDates: [date(now)], policy: .after(date(now)), at: at(now))
                }
            }
        }
        // Three policy reloads right away (60 s apart), then the next only when the first leaves the window.
        #expect(Array(started.prefix(4)) == [60, 120, 180, 86460])
        #expect(schedule.status(of: widget, at: at(200))?.reloadBudgetRemaining == 0)
        // A user reload is still served at once, and costs nothing.
        var fresh = self.started(entries: [0], policy: .after(date(0)), settings: settings).0
        for second in [60.0, 120, 180] {
            for action in fresh.advance(to: at(second)) {
                if case .startReload(_, let g, _) = action {
                    _ = fresh.timelineArrived(for: widget, generation: g, entryDates: [date(second)], policy: .after(date(second)), at: at(second))
                }
            }
        }
        #expect(fresh.status(of: widget, at: at(181))?.reloadBudgetRemaining == 0)
        _ = fresh.requestReload(of: [widget], reason: .user, at: at(200))
        #expect(reloads(fresh.advance(to: at(200.25))) == [.user])
        #expect(fresh.status(of: widget, at: at(201))?.reloadBudgetRemaining == 0)
    }

    @Test("data-driven reloads respect the minimum reload interval")
    func dataChangedSpacing() {
        var (schedule, _) = started(entries: [0], policy: .never)
        _ = schedule.requestReload(of: [widget], reason: .dataChanged, at: at(10))
        #expect(schedule.nextWake(at: at(10)) == .seconds(300))
        #expect(reloads(schedule.advance(to: at(299))).isEmpty)
        #expect(reloads(schedule.advance(to: at(300))) == [.dataChanged])
    }

    @Test("a wall-clock jump re-evaluates the shown entry and reloads for free")
    func clockJump() {
        var (schedule, _) = started(entries: [0, 3600, 7200], policy: .after(date(1800)))
        let budgetBefore = schedule.status(of: widget, at: at(10))?.reloadBudgetRemaining
        // NTP steps the wall clock 2 hours ahead while only 10 s of uptime passed.
        let jumped = Moment(wall: date(7210), uptime: .seconds(10))
        let actions = schedule.clockChanged(at: jumped)
        #expect(shownEntries(actions) == [2])
        let reload = schedule.advance(to: Moment(wall: date(7210.25), uptime: .milliseconds(10_250)))
        #expect(reloads(reload) == [.clockChange])
        #expect(schedule.status(of: widget, at: jumped)?.reloadBudgetRemaining == budgetBefore)
    }

    @Test("intervals use uptime: a backwards wall-clock jump does not stall a pending reload")
    func uptimeIntervals() {
        var (schedule, _) = started(entries: [], policy: .atEnd)
        // The wall clock goes back one hour; the minimum interval still ends 300 s of uptime later.
        let back = Moment(wall: date(-3600), uptime: .seconds(300))
        #expect(reloads(schedule.advance(to: back)) == [.policy])
    }
}
