#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubSystem
public import InkUI
public import Logging
public import ServiceLifecycle
import Synchronization

/// The one way frames reach a panel. It applies the refresh budget (`RefreshPolicy`): identical frames
/// never touch the panel, frames of the wrong size never reach the driver, changes become partial, fast
/// or full refreshes, frames that arrive too soon wait (only the newest waiting frame is shown, by a
/// timer on the injected clock), the shown frame is redrawn fully at least every 24 h, and every refresh
/// ends in deep sleep. Counters persist across restarts. As a `Service`, `run()` drives the timer and,
/// on graceful shutdown or cancellation, leaves the panel asleep and releases its lines.
public actor PanelController: Service {
    /// What became of a presented frame.
    public enum Outcome: Sendable, Hashable {
        /// The panel already shows (or is about to show) this frame.
        case unchanged
        /// The frame is on the panel.
        case refreshed(RefreshRecord)
        /// The frame waits for the minimum interval, the end of quiet hours or a retry; `nil` when a
        /// refresh is running and the frame is next in line.
        case waiting(until: Date?)
        /// The refresh failed; the frame is kept and tried again at `retryAt`.
        case failed(PanelFailure)
        /// The controller has stopped (the service is shutting down): the frame is not shown.
        case stopped
    }

    private struct Pending {
        var frame: Frame
        var reason: String
        var userInitiated: Bool
        var since: Date
    }

    private struct Job {
        var frame: Frame
        var kind: RefreshKind
        var reason: String
        var userInitiated: Bool
    }

    /// The panel this controller drives.
    public nonisolated let device: PanelDevice
    private let policy: RefreshPolicy
    private let store: PanelStateStore?
    private let clock: any SchedulingClock
    private let logger: Logger

    private var counters = PanelCounters()
    /// The frame on the panel, when known.
    private var shown: Frame?
    /// Its fingerprint, also known right after a restart when `shown` is not.
    private var shownDigest: FrameDigest?
    /// The frame a running refresh is putting on the panel.
    private var inFlight: Frame?
    private var hasPartialBase = false
    private var pending: Pending?
    private var retryAt: Date?
    private var lastRecord: RefreshRecord?
    /// The last refreshes, oldest first, for the status page.
    private var recent: [RefreshRecord] = []
    /// How many refreshes `status()` lists.
    public static let recentRefreshLimit = 10
    private var lastFailure: PanelFailure?
    private var isRefreshing = false
    private var stopped = false
    /// How many builds of the hub ran the schedule.
    private var runs = 0
    private var sleeper: Task<Void, Never>?
    /// Listeners of `events()`, by id.
    private nonisolated let listeners = Mutex<(next: Int, all: [Int: AsyncStream<PanelEvent>.Continuation])>((0, [:]))

    /// Whether the panel shows a frame the controller knows: one it put there, or after a restart one of
    /// the last run (the saved state knows its fingerprint). The widgets then need not show placeholders
    /// while their first timelines load.
    public var showsFrame: Bool { shown != nil || inFlight != nil || shownDigest != nil }

    /// - Parameters:
    ///   - stateStore: where counters persist (`<state>/panel`); `nil` keeps them in memory only.
    ///   - clock: wall-clock time and sleeping for the schedule.
    ///   - timeZone: the local zone quiet hours are given in.
    public init(
        device: PanelDevice, settings: RefreshPolicy.Settings, stateStore: PanelStateStore?,
        clock: any SchedulingClock = SystemSchedulingClock(), timeZone: TimeZoneRules = .current,
        logger: Logger
    ) {
        self.device = device
        self.policy = RefreshPolicy(settings: settings, features: device.layout.features, timeZone: timeZone)
        self.store = stateStore
        self.clock = clock
        self.logger = logger
        let saved = stateStore?.load().flatMap { $0.panel == device.name ? $0 : nil }
        if let saved {
            counters = saved.counters
            recent = saved.recentRefreshes ?? []
        }
        shownDigest = saved?.shownFrame
    }

    /// Asks for a frame to be shown.
    /// - Parameter userInitiated: a person asked for it (key press, CLI): exempt from the minimum
    ///   interval and quiet hours.
    /// - Throws: `PanelFrameError` when the frame's size or colours do not match the panel.
    @discardableResult
    public func present(_ frame: Frame, reason: String, userInitiated: Bool = false) async throws -> Outcome {
        let layout = device.layout
        guard frame.size == layout.frameSize, frame.capability == layout.capability else {
            throw PanelFrameError.mismatch(panel: device.name, expected: layout.frameSize, capability: layout.capability, got: frame)
        }
        guard !stopped else {
            logger.debug("frame offered after shutdown, not shown", metadata: ["panel.frame.reason": "\(reason)"])
            return .stopped
        }
        if isOnPanel(frame) {
            // After a restart only the fingerprint was known; now the frame itself is, for the daily redraw.
            if shown == nil && inFlight == nil { shown = frame }
            pending = nil
            wakeScheduler()
            logger.debug("identical frame skipped", metadata: ["panel.frame.reason": "\(reason)"])
            return .unchanged
        }
        pending = Pending(
            frame: frame, reason: reason, userInitiated: userInitiated || (pending?.userInitiated ?? false),
            since: pending?.since ?? clock.now)
        let performed = await processDue()
        if let mine = performed.last(where: { $0.frame == frame }) { return mine.outcome }
        return .waiting(until: nextDeadline())
    }

    /// Every refresh that reaches the panel and every failure from now on, as they happen (the newest
    /// few kept when a listener lags). Ends when the controller stops.
    public nonisolated func events() -> AsyncStream<PanelEvent> {
        let (stream, continuation) = AsyncStream<PanelEvent>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let id = listeners.withLock { listeners in
            defer { listeners.next += 1 }
            listeners.all[listeners.next] = continuation
            return listeners.next
        }
        continuation.onTermination = { [weak self] _ in _ = self?.listeners.withLock { $0.all.removeValue(forKey: id) } }
        return stream
    }

    private func announce(_ event: PanelEvent) {
        for listener in listeners.withLock({ Array($0.all.values) }) { listener.yield(event) }
    }

    /// Model, last refresh, counters, last error and what is waiting.
    public func status() -> PanelStatus {
        PanelStatus(
            panel: device.name, frameSize: device.layout.frameSize, lastRefresh: lastRecord, counters: counters,
            lastError: lastFailure, waitingSince: pending?.since, nextRefreshAt: nextDeadline(), recentRefreshes: recent.reversed())
    }

    /// Runs the schedule until graceful shutdown or cancellation, then leaves the panel asleep, switches
    /// it off and releases the lines.
    public func run() async throws {
        await run(handingOver: { false })
    }

    /// Runs the schedule until graceful shutdown or cancellation. Then, when the shutdown is graceful and
    /// `handingOver` says the next build of the hub goes on with this controller, returns with the panel
    /// as it is (a frame still waiting is dropped: the next build's widgets offer theirs); otherwise
    /// leaves the panel asleep, switches it off and releases the lines. Returns whether it handed over.
    @discardableResult
    public func run(handingOver: @Sendable () -> Bool) async -> Bool {
        logger.info(runs == 0 ? "panel controller started" : "panel controller goes on", metadata: ["panel.model": "\(device.name)"])
        runs += 1
        await cancelWhenGracefulShutdown { await self.schedule() }
        if Task.isShuttingDownGracefully, handingOver() {
            pending = nil
            persist()
            return true
        }
        await shutDown()
        return false
    }

    /// Stops without having run again: a kept controller whose build never started.
    func stop() async {
        await shutDown()
    }

    private func schedule() async {
        while !Task.isCancelled {
            _ = await processDue()
            let deadline = nextDeadline() ?? .distantFuture
            let clock = self.clock
            let sleeper = Task<Void, Never> { try? await clock.sleep(until: deadline) }
            self.sleeper = sleeper
            await withTaskCancellationHandler { await sleeper.value } onCancel: { sleeper.cancel() }
            self.sleeper = nil
        }
    }

    private func shutDown() async {
        stopped = true
        if let pending {
            logger.info("a waiting frame is dropped at shutdown", metadata: ["panel.frame.reason": "\(pending.reason)"])
        }
        pending = nil
        await device.close()
        persist()
        for listener in listeners.withLock({ Array($0.all.values) }) { listener.finish() }
        logger.info("panel controller stopped, panel asleep", metadata: ["panel.model": "\(device.name)"])
    }

    /// Interrupts the timer so it recomputes its deadline.
    private func wakeScheduler() {
        sleeper?.cancel()
    }

    private func isOnPanel(_ frame: Frame) -> Bool {
        if let target = inFlight ?? shown { return target == frame }
        return shownDigest == FrameDigest(frame)
    }

    private var situation: RefreshPolicy.Situation {
        RefreshPolicy.Situation(counters: counters, hasPartialBase: hasPartialBase, retryAt: retryAt)
    }

    /// Runs every refresh that is due now, one after the other, then lets the timer pick its next
    /// deadline. While it runs, other callers only leave their frame pending.
    /// - Returns: each refresh run, with the frame it showed.
    private func processDue() async -> [(frame: Frame, outcome: Outcome)] {
        guard !isRefreshing, !stopped else { return [] }
        isRefreshing = true
        defer {
            isRefreshing = false
            wakeScheduler()
        }
        var performed: [(frame: Frame, outcome: Outcome)] = []
        while let job = dueJob(at: clock.now) {
            let outcome = await perform(job)
            performed.append((job.frame, outcome))
            if case .failed = outcome { break }
        }
        return performed
    }

    private func dueJob(at now: Date) -> Job? {
        let situation = self.situation
        if let pending {
            if isOnPanel(pending.frame) {
                self.pending = nil
                return dueJob(at: now)
            }
            let kind = policy.kind(for: situation, at: now)
            guard policy.earliestStart(of: kind, userInitiated: pending.userInitiated, situation: situation, at: now) <= now
            else { return nil }
            return Job(frame: pending.frame, kind: kind, reason: pending.reason, userInitiated: pending.userInitiated)
        }
        guard let shown, let due = policy.periodicFullRefresh(situation), due <= now,
            policy.earliestStart(of: .full, userInitiated: false, situation: situation, at: now) <= now
        else { return nil }
        return Job(frame: shown, kind: .full, reason: "periodic full refresh", userInitiated: false)
    }

    /// When the timer should next look at the schedule, `nil` when only a new frame or the end of the
    /// running refresh can change anything.
    private func nextDeadline() -> Date? {
        guard !isRefreshing else { return nil }
        let now = clock.now
        let situation = self.situation
        if let pending {
            let kind = policy.kind(for: situation, at: now)
            return policy.earliestStart(of: kind, userInitiated: pending.userInitiated, situation: situation, at: now)
        }
        guard shown != nil, let due = policy.periodicFullRefresh(situation) else { return nil }
        return policy.earliestStart(of: .full, userInitiated: false, situation: situation, at: max(due, now))
    }

    private func perform(_ job: Job) async -> Outcome {
        let changed = shown.flatMap { job.frame.changedRect(since: $0) } ?? job.frame.bounds
        let window = job.kind == .partial ? changed : nil
        let started = clock.now
        inFlight = job.frame
        defer { inFlight = nil }
        do {
            let duration = try await device.refresh(
                PanelRefresh(frame: job.frame, kind: job.kind, window: window, reason: job.reason))
            counters.record(job.kind, at: started)
            shown = job.frame
            shownDigest = FrameDigest(job.frame)
            hasPartialBase = true
            retryAt = nil
            lastFailure = nil
            if pending?.frame == job.frame { pending = nil }
            let area = window.map { device.layout.refreshWindow(for: $0) } ?? job.frame.bounds
            let record = RefreshRecord(
                at: started, kind: job.kind, duration: duration, reason: job.reason, area: area, userInitiated: job.userInitiated)
            lastRecord = record
            recent = Array((recent + [record]).suffix(Self.recentRefreshLimit))
            persist()
            announce(.refreshed(record, job.frame))
            logger.info(
                "panel refreshed",
                metadata: [
                    "panel.model": "\(device.name)", "panel.refresh.kind": "\(job.kind.rawValue)",
                    "panel.refresh.reason": "\(job.reason)", "panel.refresh.area": "\(area)",
                    "panel.refresh.duration": "\(duration)", "panel.refresh.user": "\(job.userInitiated)",
                    "panel.refresh.updates_since_full": "\(counters.updatesSinceFull)",
                ])
            return .refreshed(record)
        } catch {
            let now = clock.now
            let retry = now + policy.settings.retryInterval
            counters.failures += 1
            hasPartialBase = false
            shown = nil
            shownDigest = nil
            retryAt = retry
            if pending == nil {
                pending = Pending(frame: job.frame, reason: job.reason, userInitiated: false, since: now)
            }
            // The retry follows the schedule: a user-initiated frame must not retry in a tight loop.
            pending?.userInitiated = false
            let failure = PanelFailure(at: now, message: "\(error)", retryAt: retry)
            lastFailure = failure
            persist()
            announce(.failed(failure))
            logger.error(
                "panel refresh failed",
                metadata: [
                    "panel.model": "\(device.name)", "panel.refresh.kind": "\(job.kind.rawValue)",
                    "panel.error": "\(error)", "panel.retry_at": "\(CivilTime.iso8601(retry))",
                ])
            return .failed(failure)
        }
    }

    private func persist() {
        guard let store else { return }
        do {
            try store.save(PersistedPanelState(panel: device.name, counters: counters, shownFrame: shownDigest, recentRefreshes: recent))
        } catch {
            logger.warning("cannot save the panel state", metadata: ["panel.state.path": "\(store.path)", "panel.error": "\(error)"])
        }
    }
}
