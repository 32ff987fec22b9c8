#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkUI

/// One refresh that reached the panel.
public struct RefreshRecord: Sendable, Hashable, Codable {
    public var at: Date
    public var kind: RefreshKind
    /// Wall time the driver took, reset to sleep.
    public var duration: Duration
    public var reason: String
    /// The logical area redrawn: the byte-aligned window of a partial refresh, the whole frame otherwise.
    public var area: PixelRect
    public var userInitiated: Bool

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
    public var at: Date
    public var message: String
    /// When the refresh is tried again.
    public var retryAt: Date

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
    public var frameSize: PixelSize
    public var lastRefresh: RefreshRecord?
    public var counters: PanelCounters
    /// The last failure, until a refresh succeeds again.
    public var lastError: PanelFailure?
    /// A frame is waiting (too soon, quiet hours or retry) and will be shown at `nextRefreshAt`.
    public var waitingSince: Date?
    public var nextRefreshAt: Date?

    public init(
        panel: String, frameSize: PixelSize, lastRefresh: RefreshRecord?, counters: PanelCounters, lastError: PanelFailure?,
        waitingSince: Date?, nextRefreshAt: Date?
    ) {
        self.panel = panel
        self.frameSize = frameSize
        self.lastRefresh = lastRefresh
        self.counters = counters
        self.lastError = lastError
        self.waitingSince = waitingSince
        self.nextRefreshAt = nextRefreshAt
    }
}
