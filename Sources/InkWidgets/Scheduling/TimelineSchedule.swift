#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// The timeline rules of WidgetKit, written down: a synchronous state machine that takes events with the
/// moment they happen and answers with the actions its host must carry out. It never reads a clock, so
/// every rule can be tested over days of schedule in microseconds.
///
/// Rules (see `docs/timelines.md`): placeholder first; the newest due entry is shown, entries
/// are sorted stably (equal dates: the later element wins); entries closer than the minimum display
/// interval are skipped to the newest; reload policies clamp to the minimum reload interval; a new
/// timeline replaces the old one whole; one reload in flight per widget, with one queued follow-up and
/// debounced requests; a provider that throws or times out keeps the old timeline and is retried with
/// exponential backoff; non-exempt reloads spend a rolling 24-hour budget; a clock jump reloads for free.
public struct TimelineSchedule: Sendable {
    public let settings: SchedulerSettings
    /// Widgets in placement order, so actions come out in a stable order.
    public let widgetIDs: [WidgetID]
    private var widgets: [WidgetID: WidgetSchedule]

    public init(widgets: [WidgetID], settings: SchedulerSettings = SchedulerSettings()) {
        self.settings = settings
        self.widgetIDs = widgets
        self.widgets = Dictionary(uniqueKeysWithValues: widgets.map { ($0, WidgetSchedule(budget: settings.reloadBudget)) })
    }

    // MARK: Events

    /// Shows every placeholder at once and asks each provider for its first timeline.
    public mutating func start(at now: Moment) -> [ScheduleAction] {
        var actions: [ScheduleAction] = []
        for id in widgetIDs {
            widgets[id]!.showsPlaceholder = true
            widgets[id]!.lastDisplayUptime = now.uptime
            actions.append(.showPlaceholder(id))
            actions += startReload(id, reason: .start, at: now)
        }
        return actions + evaluate(at: now)
    }

    /// Asks for reloads of some widgets. While one runs, exactly one more follows it; requests within the
    /// debounce interval are served together.
    public mutating func requestReload(of ids: [WidgetID], reason: ReloadReason, at now: Moment) -> [ScheduleAction] {
        for id in ids {
            guard var widget = widgets[id] else { continue }
            if widget.inFlight != nil {
                widget.followUp = widget.followUp.map { $0.merged(with: reason) } ?? reason
            } else if let pending = widget.request {
                widget.request = WidgetSchedule.Request(reason: pending.reason.merged(with: reason), due: pending.due)
            } else {
                widget.request = WidgetSchedule.Request(reason: reason, due: now.uptime + settings.debounceInterval)
            }
            widgets[id] = widget
        }
        return evaluate(at: now)
    }

    /// A provider answered. A late answer to a reload that was given up or superseded is ignored.
    public mutating func timelineArrived(
        for id: WidgetID, generation: Int, entryDates: [Date], policy: TimelineReloadPolicy, at now: Moment
    ) -> [ScheduleAction] {
        guard var widget = widgets[id], let flight = widget.inFlight, flight.generation == generation else { return [] }
        let timeline = WidgetSchedule.ScheduledTimeline(
            dates: entryDates, policy: policy, generation: generation, arrival: now.wall)
        widget.inFlight = nil
        widget.failures = 0
        widget.retryDue = nil
        widget.lastError = nil
        widget.timeline = timeline
        widget.shownPosition = nil
        widget.displayUrgent = true
        widget.displayUserInitiated = flight.reason.isExempt
        widget.policyDue = policyDue(for: timeline, lastReloadStart: widget.lastReloadStart ?? now.uptime)
        Self.takeFollowUp(&widget, at: now)
        widgets[id] = widget
        return evaluate(at: now)
    }

    /// A provider threw. The old timeline stays; a retry follows with exponential backoff.
    public mutating func reloadFailed(for id: WidgetID, generation: Int, message: String, at now: Moment) -> [ScheduleAction] {
        guard let flight = widgets[id]?.inFlight, flight.generation == generation else { return [] }
        fail(id, message: message, at: now)
        return evaluate(at: now)
    }

    /// Time passed: shows entries that came due, starts due reloads, gives up on late providers.
    public mutating func advance(to now: Moment) -> [ScheduleAction] {
        evaluate(at: now)
    }

    /// The wall clock jumped: every widget re-evaluates what is due and reloads for free.
    public mutating func clockChanged(at now: Moment) -> [ScheduleAction] {
        for id in widgetIDs {
            widgets[id]!.displayUrgent = true
        }
        return requestReload(of: widgetIDs, reason: .clockChange, at: now)
    }

    // MARK: Questions

    /// The uptime at which something is next due, or `nil` when only an event can change anything.
    public func nextWake(at now: Moment) -> Duration? {
        widgetIDs.compactMap { nextWake(for: widgets[$0]!, at: now) }.min()
    }

    /// Whether the widget waits for the answer to reload `generation` (a late or superseded answer is
    /// not awaited and would be ignored).
    public func awaits(_ id: WidgetID, generation: Int) -> Bool {
        widgets[id]?.inFlight?.generation == generation
    }

    /// The generation of the widget's most recently started reload (0 before the first).
    public func generation(of id: WidgetID) -> Int {
        widgets[id]?.generation ?? 0
    }

    /// Where a widget stands, for status output.
    public func status(of id: WidgetID, at now: Moment) -> WidgetScheduleStatus? {
        guard let widget = widgets[id] else { return nil }
        let nextEntry = widget.timeline.flatMap { timeline in
            timeline.entries.first { $0.date > now.wall }?.date
        }
        return WidgetScheduleStatus(
            showsPlaceholder: widget.showsPlaceholder && widget.shownDate == nil,
            shownEntryDate: widget.shownDate,
            nextEntryDate: nextEntry,
            nextReloadDate: nextReloadUptime(for: widget, at: now).map { now.wall(atUptime: max($0, now.uptime)) },
            reloadInFlight: widget.inFlight != nil,
            reloadBudgetRemaining: widget.budget.remaining(at: now.uptime),
            timelineDate: widget.timeline?.arrival,
            timelineEntryCount: widget.timeline?.entries.count ?? 0,
            policy: widget.timeline.map { "\($0.policy)" },
            consecutiveFailures: widget.failures,
            lastError: widget.lastError)
    }

    // MARK: Evaluation

    private mutating func evaluate(at now: Moment) -> [ScheduleAction] {
        var actions: [ScheduleAction] = []
        for id in widgetIDs {
            actions += giveUpIfLate(id, at: now)
            actions += displayDueEntry(id, at: now)
            if let reason = dueReloadReason(for: widgets[id]!, at: now) {
                actions += startReload(id, reason: reason, at: now)
            }
        }
        return actions
    }

    private mutating func giveUpIfLate(_ id: WidgetID, at now: Moment) -> [ScheduleAction] {
        guard let flight = widgets[id]!.inFlight, now.uptime >= flight.deadline else { return [] }
        fail(id, message: "the provider did not answer within \(Int(settings.providerTimeout.timeInterval)) s", at: now)
        return [.cancelReload(id, generation: flight.generation)]
    }

    private mutating func startReload(_ id: WidgetID, reason: ReloadReason, at now: Moment) -> [ScheduleAction] {
        var widget = widgets[id]!
        widget.generation += 1
        widget.inFlight = WidgetSchedule.InFlight(
            generation: widget.generation, reason: reason, deadline: now.uptime + settings.providerTimeout)
        widget.lastReloadStart = now.uptime
        widget.request = nil
        widget.retryDue = nil
        widget.policyDue = nil
        if !reason.isExempt { widget.budget.record(at: now.uptime) }
        widgets[id] = widget
        return [.startReload(id, generation: widget.generation, reason: reason)]
    }

    private mutating func fail(_ id: WidgetID, message: String, at now: Moment) {
        var widget = widgets[id]!
        widget.inFlight = nil
        widget.failures += 1
        widget.lastError = message
        widget.retryDue = now.uptime + settings.retryDelay(afterFailures: widget.failures)
        Self.takeFollowUp(&widget, at: now)
        widgets[id] = widget
    }

    private static func takeFollowUp(_ widget: inout WidgetSchedule, at now: Moment) {
        guard let followUp = widget.followUp else { return }
        widget.followUp = nil
        widget.request = WidgetSchedule.Request(reason: followUp, due: now.uptime)
    }

    private mutating func displayDueEntry(_ id: WidgetID, at now: Moment) -> [ScheduleAction] {
        let widget = widgets[id]!
        guard let timeline = widget.timeline, let due = timeline.newestDuePosition(at: now.wall),
            due != widget.shownPosition
        else { return [] }
        if !widget.displayUrgent, let last = widget.lastDisplayUptime,
            now.uptime - last < settings.minimumDisplayInterval
        {
            return []
        }
        let entry = timeline.entries[due]
        let userInitiated = widget.displayUrgent && widget.displayUserInitiated
        widgets[id]!.shownPosition = due
        widgets[id]!.shownDate = entry.date
        widgets[id]!.lastDisplayUptime = now.uptime
        widgets[id]!.displayUrgent = false
        widgets[id]!.displayUserInitiated = false
        return [.show(id, entry: entry.index, timeline: timeline.generation, userInitiated: userInitiated)]
    }

    // MARK: Deadlines

    private func dueReloadReason(for widget: WidgetSchedule, at now: Moment) -> ReloadReason? {
        guard widget.inFlight == nil else { return nil }
        if let request = widget.request, now.uptime >= request.due {
            if request.reason.isExempt { return request.reason }
            if let allowed = budgetedUptime(for: widget, from: request.due, spacing: true), now.uptime >= allowed {
                return request.reason
            }
        }
        if let retry = widget.retryDue, let allowed = budgetedUptime(for: widget, from: retry, spacing: false),
            now.uptime >= allowed
        {
            return .retry
        }
        if widget.retryDue == nil, let policy = widget.policyDue,
            let allowed = budgetedUptime(for: widget, from: policyUptime(policy, at: now), spacing: false),
            now.uptime >= allowed
        {
            return .policy
        }
        return nil
    }

    /// The uptime at which a non-exempt reload wanted at `wanted` may start, given the budget (and the
    /// minimum reload interval when `spacing`); `nil` when the budget never allows it.
    private func budgetedUptime(for widget: WidgetSchedule, from wanted: Duration, spacing: Bool) -> Duration? {
        var earliest = wanted
        if spacing, let last = widget.lastReloadStart {
            earliest = max(earliest, last + settings.minimumReloadInterval)
        }
        guard let available = widget.budget.availableUptime(from: earliest) else { return nil }
        return max(earliest, available)
    }

    private func policyUptime(_ policy: WidgetSchedule.PolicyDue, at now: Moment) -> Duration {
        guard let wall = policy.wall else { return policy.notBefore }
        return max(policy.notBefore, now.uptime(atWall: wall))
    }

    private func nextReloadUptime(for widget: WidgetSchedule, at now: Moment) -> Duration? {
        guard widget.inFlight == nil else { return nil }
        var candidates: [Duration] = []
        if let request = widget.request {
            if request.reason.isExempt {
                candidates.append(request.due)
            } else if let allowed = budgetedUptime(for: widget, from: request.due, spacing: true) {
                candidates.append(allowed)
            }
        }
        if let retry = widget.retryDue {
            if let allowed = budgetedUptime(for: widget, from: retry, spacing: false) { candidates.append(allowed) }
        } else if let policy = widget.policyDue,
            let allowed = budgetedUptime(for: widget, from: policyUptime(policy, at: now), spacing: false)
        {
            candidates.append(allowed)
        }
        return candidates.min()
    }

    private func nextWake(for widget: WidgetSchedule, at now: Moment) -> Duration? {
        var candidates: [Duration] = []
        if let flight = widget.inFlight { candidates.append(flight.deadline) }
        if let reload = nextReloadUptime(for: widget, at: now) { candidates.append(reload) }
        if let display = nextDisplayUptime(for: widget, at: now) { candidates.append(display) }
        return candidates.min()
    }

    private func nextDisplayUptime(for widget: WidgetSchedule, at now: Moment) -> Duration? {
        guard let timeline = widget.timeline else { return nil }
        let due = timeline.newestDuePosition(at: now.wall)
        let nextEntryUptime: Duration
        if let due, due != widget.shownPosition {
            nextEntryUptime = now.uptime  // due already, waiting for the display interval
        } else {
            let next = due.map { $0 + 1 } ?? 0
            guard next < timeline.entries.count else { return nil }
            nextEntryUptime = now.uptime(atWall: timeline.entries[next].date)
        }
        guard !widget.displayUrgent, let last = widget.lastDisplayUptime else { return nextEntryUptime }
        return max(nextEntryUptime, last + settings.minimumDisplayInterval)
    }

    private func policyDue(
        for timeline: WidgetSchedule.ScheduledTimeline, lastReloadStart: Duration
    ) -> WidgetSchedule.PolicyDue? {
        let notBefore = lastReloadStart + settings.minimumReloadInterval
        switch timeline.policy {
        case .never: return nil
        case .atEnd: return WidgetSchedule.PolicyDue(wall: timeline.entries.last?.date, notBefore: notBefore)
        case .after(let date): return WidgetSchedule.PolicyDue(wall: date, notBefore: notBefore)
        }
    }
}
