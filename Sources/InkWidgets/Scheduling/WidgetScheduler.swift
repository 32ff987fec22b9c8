#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import InkUI
public import Logging
public import ServiceLifecycle

/// The service that runs the widgets: it feeds the timeline schedule with time and provider answers,
/// renders every entry of a new timeline ahead of time, composes the panel frame at each entry's date and
/// hands it to the panel. It is the `WidgetCenter` backend of the service.
public actor WidgetScheduler: Service, WidgetCenterBackend {
    /// How provider calls run.
    public enum ReloadExecution: Sendable {
        /// Each reload runs concurrently with everything else (the service).
        case concurrent
        /// Reloads are awaited in turn, so a `VirtualSchedulerClock` can jump from deadline to deadline
        /// (simulations, benchmarks). A provider that hangs stalls the simulation.
        case inline
    }

    /// What the panel shows while the first timelines load.
    public enum StartupDisplay: Sendable {
        /// Every widget's placeholder at once: nothing is on the panel yet.
        case placeholders
        /// The panel keeps the frame of the last run (e-paper holds it without power) until every widget's
        /// first timeline has answered or failed, so a restart costs no refresh, or none at all when
        /// nothing changed. A widget whose first answer failed shows its placeholder then.
        case lastFrame
    }

    /// The first frame held back while the panel still shows the last run's frame.
    private struct StartupHold {
        /// Widgets whose first timeline has not answered yet.
        var awaiting: Set<WidgetID>
        var changes: [(WidgetID, Int?)] = []
        var userInitiated = false
    }

    enum Event: Sendable {
        case reload([WidgetID], ReloadReason)
        case loaded(WidgetID, generation: Int, Result<LoadedTimeline, ProviderFailure>)
        case clockChanged
        case abandonWaiter(Int)
    }

    struct ProviderFailure: Error {
        let message: String
    }

    private struct ShownTimeline {
        let generation: Int
        let loaded: LoadedTimeline
        var frames: [Int: Frame]
    }

    private struct Waiter {
        let id: Int
        /// Per widget: the reload generation whose outcome is awaited.
        var pending: [WidgetID: Int]
        var reports: [ReloadReport]
        let continuation: CheckedContinuation<[ReloadReport], Never>
    }

    private let widgets: [WidgetID: HostedWidget]
    private let order: [WidgetID]
    private var schedule: TimelineSchedule
    private let clock: any SchedulerClock
    private let sink: any FrameSink
    private let renderer: SharedRenderer
    private var composer: PanelComposer
    private var timelines: [WidgetID: ShownTimeline] = [:]
    private let execution: ReloadExecution
    private let clockChanges: AsyncStream<Void>?
    private let logger: Logger
    private nonisolated let mailbox = EventMailbox<Event>()
    private var cancellations: [WidgetID: CancellationSignal] = [:]
    private var waiters: [Waiter] = []
    private var nextWaiterID = 0
    private var startupHold: StartupHold?

    /// - Parameters:
    ///   - widgets: the placed widgets, in layout order (regions must not overlap).
    ///   - renderer: the renderer this scheduler shares with the other screens' schedulers.
    ///   - startup: `.lastFrame` when the panel still shows a frame of the last run.
    ///   - clockChanges: an element whenever the wall clock jumps (`WallClockChanges.stream()`).
    public init(
        widgets: [HostedWidget], panelSize: PixelSize, capability: ColorCapability, settings: SchedulerSettings,
        clock: any SchedulerClock, sink: any FrameSink, renderer: SharedRenderer, execution: ReloadExecution = .concurrent,
        startup: StartupDisplay = .placeholders, clockChanges: AsyncStream<Void>? = nil, logger: Logger
    ) {
        self.order = widgets.map(\.id)
        self.widgets = Dictionary(uniqueKeysWithValues: widgets.map { ($0.id, $0) })
        self.schedule = TimelineSchedule(widgets: order, settings: settings)
        self.clock = clock
        self.sink = sink
        self.renderer = renderer
        self.composer = PanelComposer(size: panelSize, capability: capability)
        self.execution = execution
        self.clockChanges = clockChanges
        self.logger = logger
        if startup == .lastFrame, !order.isEmpty { startupHold = StartupHold(awaiting: Set(order)) }
    }

    // MARK: Service

    public func run() async throws {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                if let clockChanges {
                    let mailbox = self.mailbox
                    group.addTask {
                        for await _ in clockChanges { mailbox.post(.clockChanged) }
                    }
                }
                var actions = schedule.start(at: clock.now())
                while true {
                    await perform(actions, in: &group)
                    guard let events = await mailbox.receive(until: schedule.nextWake(at: clock.now()), on: clock) else { break }
                    let now = clock.now()
                    actions = events.flatMap { apply($0, at: now) } + schedule.advance(to: now)
                }
                group.cancelAll()
            }
            resolveAllWaiters()
        } onGracefulShutdown: {
            self.mailbox.close()
        }
    }

    // MARK: WidgetCenterBackend

    public func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws {
        mailbox.post(.reload(try targets(ofKind: kind), reason))
    }

    public func currentConfigurations() -> [WidgetInfo] {
        order.map { widgets[$0]!.placement }
    }

    /// Reloads and waits until each widget's new timeline is on the panel (or failed). Cancel the calling
    /// task to stop waiting; the reloads go on.
    public func reloadAndWait(ofKind kind: String?, reason: ReloadReason) async throws -> [ReloadReport] {
        let ids = try targets(ofKind: kind)
        nextWaiterID += 1
        let waiterID = nextWaiterID
        let pending = Dictionary(uniqueKeysWithValues: ids.map { ($0, schedule.generation(of: $0) + 1) })
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters.append(Waiter(id: waiterID, pending: pending, reports: [], continuation: continuation))
                mailbox.post(.reload(ids, reason))
            }
        } onCancel: {
            mailbox.post(.abandonWaiter(waiterID))
        }
    }

    /// Every placed widget with its schedule.
    public func statuses() -> [WidgetStatus] {
        let now = clock.now()
        return order.map { id in
            WidgetStatus(info: widgets[id]!.placement, schedule: schedule.status(of: id, at: now)!)
        }
    }

    private func targets(ofKind kind: String?) throws -> [WidgetID] {
        guard let kind else { return order }
        let ids = order.filter { widgets[$0]!.placement.kind == kind }
        if ids.isEmpty {
            throw WidgetCenterError.unknownKind(kind, known: Array(Set(order.map { widgets[$0]!.placement.kind })).sorted())
        }
        return ids
    }

    // MARK: Events

    private func apply(_ event: Event, at now: Moment) -> [ScheduleAction] {
        switch event {
        case .reload(let ids, let reason):
            logger.debug("reload requested", metadata: ["widget.ids": "\(ids)", "reload.reason": "\(reason)"])
            return schedule.requestReload(of: ids, reason: reason, at: now)
        case .clockChanged:
            logger.notice("the wall clock jumped; re-evaluating every timeline")
            return schedule.clockChanged(at: now)
        case .loaded(let id, let generation, let result):
            cancellations[id] = nil
            guard schedule.awaits(id, generation: generation) else {
                logger.debug("ignoring a late provider answer", metadata: ["widget.id": "\(id)", "reload.generation": "\(generation)"])
                return []
            }
            startupHold?.awaiting.remove(id)
            switch result {
            case .success(let loaded):
                timelines[id] = ShownTimeline(generation: generation, loaded: loaded, frames: [:])
                prerender(id, at: now)
                logger.info("timeline arrived", metadata: [
                    "widget.id": "\(id)", "timeline.entries": "\(loaded.dates.count)", "timeline.policy": "\(loaded.policy)",
                ])
                let actions = schedule.timelineArrived(
                    for: id, generation: generation, entryDates: loaded.dates, policy: loaded.policy, at: now)
                if !actions.contains(where: { if case .show(id, _, _, _) = $0 { true } else { false } }) {
                    resolveWaiters(for: id, generation: generation, outcome: .notYetDue, message: nil, at: now)
                }
                return actions
            case .failure(let failure):
                logger.warning("provider failed; keeping the old timeline", metadata: [
                    "widget.id": "\(id)", "error": "\(failure.message)",
                ])
                resolveWaiters(for: id, generation: generation, outcome: .failed, message: failure.message, at: now)
                return schedule.reloadFailed(for: id, generation: generation, message: failure.message, at: now)
            }
        case .abandonWaiter(let waiterID):
            guard let index = waiters.firstIndex(where: { $0.id == waiterID }) else { return [] }
            let waiter = waiters.remove(at: index)
            waiter.continuation.resume(returning: waiter.reports)
            return []
        }
    }

    // MARK: Actions

    private func perform(_ initial: [ScheduleAction], in group: inout DiscardingTaskGroup) async {
        var actions = initial
        while !actions.isEmpty {
            // What is due is shown before reloads start: an inline reload may replace the timeline.
            actions = actions.filter { !$0.isReloadStart } + actions.filter(\.isReloadStart)
            var changed: [(WidgetID, Int?)] = []
            var userInitiated = false
            var followUps: [ScheduleAction] = []
            for action in actions {
                switch action {
                case .showPlaceholder(let id):
                    let placeholder = renderer.withRenderer { widgets[id]!.renderPlaceholder(with: $0) }
                    composer.place(placeholder, in: widgets[id]!.placement.region)
                    changed.append((id, nil))
                    userInitiated = true
                case .show(let id, let entry, let generation, let initiated):
                    guard let frame = frame(for: id, entry: entry, generation: generation) else { continue }
                    composer.place(frame, in: widgets[id]!.placement.region)
                    changed.append((id, generation))
                    userInitiated = userInitiated || initiated
                case .startReload(let id, let generation, let reason):
                    followUps += await startReload(id, generation: generation, reason: reason, in: &group)
                case .cancelReload(let id, let generation):
                    logger.warning("provider did not answer in time", metadata: ["widget.id": "\(id)", "reload.generation": "\(generation)"])
                    startupHold?.awaiting.remove(id)
                    cancellations.removeValue(forKey: id)?.cancel()
                    let message = schedule.status(of: id, at: clock.now())?.lastError ?? "timed out"
                    resolveWaiters(for: id, generation: generation, outcome: .failed, message: message, at: clock.now())
                }
            }
            if startupHold != nil {
                for change in changed {
                    startupHold!.changes.removeAll { $0.0 == change.0 }
                    startupHold!.changes.append(change)
                }
                startupHold!.userInitiated = startupHold!.userInitiated || userInitiated
            } else if !changed.isEmpty {
                await present(changed, userInitiated: userInitiated)
            }
            actions = followUps
        }
        await releaseStartupHoldOnceAnswered()
    }

    /// Presents the first frame once every widget's first timeline has answered or failed.
    private func releaseStartupHoldOnceAnswered() async {
        guard let hold = startupHold, hold.awaiting.isEmpty else { return }
        startupHold = nil
        let inLayoutOrder = hold.changes.sorted { order.firstIndex(of: $0.0)! < order.firstIndex(of: $1.0)! }
        await present(inLayoutOrder, userInitiated: hold.userInitiated)
    }

    private func startReload(
        _ id: WidgetID, generation: Int, reason: ReloadReason, in group: inout DiscardingTaskGroup
    ) async -> [ScheduleAction] {
        logger.debug("reloading", metadata: ["widget.id": "\(id)", "reload.reason": "\(reason)", "reload.generation": "\(generation)"])
        let widget = widgets[id]!
        switch execution {
        case .inline:
            let result = await Self.load(widget, reason: reason)
            return apply(.loaded(id, generation: generation, result), at: clock.now())
        case .concurrent:
            let signal = CancellationSignal()
            cancellations[id] = signal
            let mailbox = self.mailbox
            group.addTask {
                let result = await signal.run { await Self.load(widget, reason: reason) }
                if let result { mailbox.post(.loaded(id, generation: generation, result)) }
            }
            return []
        }
    }

    private static func load(_ widget: HostedWidget, reason: ReloadReason) async -> Result<LoadedTimeline, ProviderFailure> {
        do {
            return .success(try await widget.load(reason: reason))
        } catch {
            return .failure(ProviderFailure(message: "\(error)"))
        }
    }

    /// Renders the entries of a new timeline ahead, from the newest due one onwards.
    private func prerender(_ id: WidgetID, at now: Moment) {
        guard let timeline = timelines[id] else { return }
        let upcoming = timeline.loaded.dates.enumerated()
            .sorted { $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset) }
        let firstDue = upcoming.lastIndex { $0.element <= now.wall } ?? 0
        for (index, _) in upcoming[firstDue...].prefix(schedule.settings.prerenderLimit) {
            timelines[id]!.frames[index] = renderer.withRenderer { timeline.loaded.render(index, $0) }
        }
    }

    private func frame(for id: WidgetID, entry: Int, generation: Int) -> Frame? {
        guard let timeline = timelines[id], timeline.generation == generation else { return nil }
        if let frame = timelines[id]!.frames.removeValue(forKey: entry) {
            return frame
        }
        return renderer.withRenderer { timeline.loaded.render(entry, $0) }
    }

    private func present(_ changed: [(WidgetID, Int?)], userInitiated: Bool) async {
        let reason = changed.map { id, generation in generation == nil ? "\(id) placeholder" : "\(id)" }.joined(separator: ", ")
        guard let frame = composer.frameToPresent() else {
            for case (let id, let generation?) in changed {
                resolveWaiters(for: id, generation: generation, outcome: .unchanged, message: nil, at: clock.now())
            }
            return
        }
        await sink.present(frame, reason: reason, userInitiated: userInitiated)
        for case (let id, let generation?) in changed {
            resolveWaiters(for: id, generation: generation, outcome: .shown, message: nil, at: clock.now())
        }
    }

    // MARK: Waiters

    private func resolveWaiters(for id: WidgetID, generation: Int, outcome: ReloadReport.Outcome, message: String?, at now: Moment) {
        guard let kind = widgets[id]?.placement.kind else { return }
        for index in waiters.indices {
            guard let awaited = waiters[index].pending[id], generation >= awaited else { continue }
            waiters[index].pending[id] = nil
            waiters[index].reports.append(ReloadReport(widget: id, kind: kind, outcome: outcome, message: message, date: now.wall))
        }
        let finished = waiters.filter { $0.pending.isEmpty }
        waiters.removeAll { $0.pending.isEmpty }
        for waiter in finished { waiter.continuation.resume(returning: waiter.reports) }
    }

    private func resolveAllWaiters() {
        for waiter in waiters { waiter.continuation.resume(returning: waiter.reports) }
        waiters.removeAll()
    }
}

extension ScheduleAction {
    fileprivate var isReloadStart: Bool {
        if case .startReload = self { true } else { false }
    }
}
