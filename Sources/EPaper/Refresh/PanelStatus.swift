#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkUI

/// One refresh that reached the panel.
public struct RefreshRecord: Sendable, Hashable, Codable {
    /// When the refresh started.
    public var at: Date
    /// Full, fast or partial.
    public var kind: RefreshKind
    /// Wall time the driver took, reset to sleep.
    public var duration: Duration
    /// Why the frame was shown.
    public var reason: String
    /// The logical area redrawn: the byte-aligned window of a partial refresh, the whole frame otherwise.
    public var area: PixelRect
    /// A person asked for it (exempt from the interval).
    public var userInitiated: Bool

    /// A record as given.
    public init(at: Date, kind: RefreshKind, duration: Duration, reason: String, area: PixelRect, userInitiated: Bool) {
        self.at = at
        self.kind = kind
        self.duration = duration
        self.reason = reason
        self.area = area
        self.userInitiated = userInitiated
    }
}

/// A failure the controller is recovering from.
public struct PanelFailure: Sendable, Hashable, Codable {
    /// When it failed.
    public var at: Date
    /// The error, with what to do about it.
    public var message: String
    /// When the refresh is tried again.
    public var retryAt: Date

    /// A failure as given.
    public init(at: Date, message: String, retryAt: Date) {
        self.at = at
        self.message = message
        self.retryAt = retryAt
    }
}

/// What `weatherctl status` shows about the panel.
public struct PanelStatus: Sendable, Hashable, Codable {
    /// The profile name ("waveshare-2in13-v4").
    public var panel: String
    /// The size frames must have.
    public var frameSize: PixelSize
    /// The last refresh that reached the panel.
    public var lastRefresh: RefreshRecord?
    /// The wear counters.
    public var counters: PanelCounters
    /// The last failure, until a refresh succeeds again.
    public var lastError: PanelFailure?
    /// A frame is waiting (too soon, quiet hours or retry) and will be shown at `nextRefreshAt`.
    public var waitingSince: Date?
    /// When the waiting frame (or the daily full refresh) is due.
    public var nextRefreshAt: Date?
    /// The last refreshes, newest first (at most `PanelController.recentRefreshLimit`, kept across restarts).
    public var recentRefreshes: [RefreshRecord]

    /// A status as given.
    public init(
        panel: String, frameSize: PixelSize, lastRefresh: RefreshRecord?, counters: PanelCounters, lastError: PanelFailure?,
        waitingSince: Date?, nextRefreshAt: Date?, recentRefreshes: [RefreshRecord] = []
    ) {
        self.panel = panel
        self.frameSize = frameSize
        self.lastRefresh = lastRefresh
        self.counters = counters
        self.lastError = lastError
        self.waitingSince = waitingSince
        self.nextRefreshAt = nextRefreshAt
        self.recentRefreshes = recentRefreshes
    }
}
