#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import HubSystem

/// The panel's refresh budget: which kind of refresh a changed frame gets and when it may run. Pure
/// rules over the counters and the time; `PanelController` applies them.
///
/// - A full refresh after `maximumUpdatesBetweenFulls` partial or fast ones, at least every
///   `maximumFullInterval`, and whenever the panel's previous image is unknown and no fast refresh is
///   possible.
/// - Otherwise a partial refresh of the changed window when the panel has one and knows the image on
///   screen, else a fast refresh when the panel has one and `fastRefresh` is on, else a full one.
/// - At least `minimumInterval` between refreshes unless the change is user-initiated.
/// - Quiet hours: no full or fast refresh (they flash the whole screen). Partial refreshes go on while
///   the budget allows; a change that needs a full (or fast) refresh waits for the end of the quiet hours.
///   User-initiated changes are exempt (someone is looking).
public struct RefreshPolicy: Sendable {
    /// The budget, per panel profile. Defaults follow the panel makers' precautions.
    public struct Settings: Sendable, Hashable, Codable {
        /// Least time between two refreshes not initiated by a user (180 s).
        public var minimumInterval: Duration
        /// Most partial or fast refreshes between two full ones (5).
        public var maximumUpdatesBetweenFulls: Int
        /// Longest time between two full refreshes (24 h); the shown frame is redrawn when nothing changes.
        public var maximumFullInterval: Duration
        /// Local hours without full or fast refreshes; `nil` (the default) for none.
        public var quietHours: QuietHours?
        /// Use the panel's fast waveform when a full-screen update is needed that is not due for ghost
        /// clearing (true).
        public var fastRefresh: Bool
        /// How long to wait after a failed refresh before trying again (300 s).
        public var retryInterval: Duration

        /// Settings; each default is the safe one documented on its property.
        public init(
            minimumInterval: Duration = .seconds(180), maximumUpdatesBetweenFulls: Int = 5,
            maximumFullInterval: Duration = .seconds(24 * 3600), quietHours: QuietHours? = nil, fastRefresh: Bool = true,
            retryInterval: Duration = .seconds(300)
        ) {
            self.minimumInterval = minimumInterval
            self.maximumUpdatesBetweenFulls = maximumUpdatesBetweenFulls
            self.maximumFullInterval = maximumFullInterval
            self.quietHours = quietHours
            self.fastRefresh = fastRefresh
            self.retryInterval = retryInterval
        }
    }

    /// What the rules look at besides the frame.
    struct Situation: Sendable {
        var counters: PanelCounters
        /// The controller knows the image on screen, so a differential refresh is possible.
        var hasPartialBase: Bool
        /// After a failure: no retry before this.
        var retryAt: Date?
    }

    /// The budget in force.
    public let settings: Settings
    /// What the panel can do besides full refreshes.
    public let features: PanelFeatures
    /// The zone quiet hours are given in.
    public let timeZone: TimeZoneRules

    /// The rules for a panel with `features`.
    public init(settings: Settings, features: PanelFeatures, timeZone: TimeZoneRules = .current) {
        self.settings = settings
        self.features = features
        self.timeZone = timeZone
    }

    /// The refresh a frame gets at `now`.
    func kind(for situation: Situation, at now: Date) -> RefreshKind {
        if fullRefreshDue(situation, at: now) { return .full }
        if features.partialRefresh && situation.hasPartialBase { return .partial }
        if features.fastRefresh && settings.fastRefresh { return .fast }
        return .full
    }

    /// Whether ghost clearing is due: too many partial or fast refreshes, or too long since a full one.
    func fullRefreshDue(_ situation: Situation, at now: Date) -> Bool {
        guard let lastFull = situation.counters.lastFullAt else { return true }
        return situation.counters.updatesSinceFull >= settings.maximumUpdatesBetweenFulls
            || now >= lastFull + settings.maximumFullInterval
    }

    /// When the periodic full refresh falls due without any change, `nil` before the first one.
    func periodicFullRefresh(_ situation: Situation) -> Date? {
        situation.counters.lastFullAt.map { $0 + settings.maximumFullInterval }
    }

    /// The earliest time a refresh of `kind` may start.
    func earliestStart(of kind: RefreshKind, userInitiated: Bool, situation: Situation, at now: Date) -> Date {
        if userInitiated { return now }
        var start = now
        // A last refresh in the future means the wall clock went back: do not wait for it.
        if let last = situation.counters.lastRefreshAt, last <= now {
            start = max(start, last + settings.minimumInterval)
        }
        if let retry = situation.retryAt { start = max(start, retry) }
        if kind != .partial, let end = quietHoursEnd(containing: start) { start = end }
        return start
    }

    /// The end of the quiet hours `date` falls in, `nil` when it is outside them.
    func quietHoursEnd(containing date: Date) -> Date? {
        guard let quiet = settings.quietHours else { return nil }
        let offset = timeZone.secondsFromUTC(at: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let secondOfDay = (local % 86_400 + 86_400) % 86_400
        guard quiet.contains(minuteOfDay: secondOfDay / 60) else { return nil }
        let remaining = (quiet.endMinute * 60 - secondOfDay + 86_400) % 86_400
        // Across a daylight-saving change the local end moves by the change in offset; an end the clocks
        // skip (in a spring-forward gap) becomes the first moment after the gap.
        let guess = Date(timeIntervalSince1970: TimeInterval(local - offset + remaining))
        let corrected = guess.addingTimeInterval(TimeInterval(offset - timeZone.secondsFromUTC(at: guess)))
        return timeZone.secondsFromUTC(at: corrected) == timeZone.secondsFromUTC(at: guess) ? corrected : guess
    }
}
