#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkUI
public import InkWidgets
public import Logging

/// A networked display at run time: its profile, the scheduler that runs its widgets' timelines (the same
/// rules as the wired panel's) and the store its frames land in.
public struct NetworkDisplay: Sendable {
    public let profile: NetworkDisplayProfile
    public let scheduler: WidgetScheduler
    public let frames: DisplayFrameStore

    /// Builds the display's scheduler over its hosted widgets.
    ///
    /// - Parameters:
    ///   - widgets: the display's placements, hosted in its frame size and depth.
    ///   - renderer: shared with the panel and the other displays.
    public init(
        profile: NetworkDisplayProfile, widgets: [HostedWidget], settings: SchedulerSettings, clock: any SchedulerClock,
        renderer: SharedRenderer, clockChanges: AsyncStream<Void>? = nil, logger: Logger
    ) {
        var logger = logger
        logger[metadataKey: "display.id"] = "\(profile.id)"
        self.profile = profile
        self.frames = DisplayFrameStore(orientation: profile.orientation, logger: logger)
        self.scheduler = WidgetScheduler(
            widgets: widgets, panelSize: profile.frameSize, capability: profile.capability, settings: settings, clock: clock,
            sink: frames, renderer: renderer, clockChanges: clockChanges, logger: logger)
    }

    /// Seconds until a device showing this display should wake: its next timeline change, within bounds.
    public func refreshSeconds(now: Date) async -> Int {
        refreshSeconds(widgets: await scheduler.statuses(), now: now)
    }

    /// The same, from widget statuses already asked for.
    public func refreshSeconds(widgets: [WidgetStatus], now: Date) -> Int {
        WakePlanner.refreshSeconds(widgets.map { .init($0.schedule) }, bounds: profile.wake, now: now)
    }
}
