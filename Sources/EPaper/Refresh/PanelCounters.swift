#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The panel's wear record, persisted across restarts so the refresh budget survives them.
public struct PanelCounters: Sendable, Hashable, Codable {
    /// Partial and fast refreshes since the last full one (both leave ghosting behind).
    public var updatesSinceFull: Int
    /// When the last full refresh started.
    public var lastFullAt: Date?
    /// When the last refresh of any kind started.
    public var lastRefreshAt: Date?
    /// Full refreshes since the state file was created.
    public var fullRefreshes: Int
    /// Fast refreshes since the state file was created.
    public var fastRefreshes: Int
    /// Partial refreshes since the state file was created.
    public var partialRefreshes: Int
    /// Refreshes that failed (BUSY timeout, SPI or GPIO error).
    public var failures: Int

    /// Counters as given; all zero by default.
    public init(
        updatesSinceFull: Int = 0, lastFullAt: Date? = nil, lastRefreshAt: Date? = nil, fullRefreshes: Int = 0,
        fastRefreshes: Int = 0, partialRefreshes: Int = 0, failures: Int = 0
    ) {
        self.updatesSinceFull = updatesSinceFull
        self.lastFullAt = lastFullAt
        self.lastRefreshAt = lastRefreshAt
        self.fullRefreshes = fullRefreshes
        self.fastRefreshes = fastRefreshes
        self.partialRefreshes = partialRefreshes
        self.failures = failures
    }

    /// Counts a successful refresh.
    mutating func record(_ kind: RefreshKind, at date: Date) {
        lastRefreshAt = date
        switch kind {
        case .full:
            fullRefreshes += 1
            updatesSinceFull = 0
            lastFullAt = date
        case .fast:
            fastRefreshes += 1
            updatesSinceFull += 1
        case .partial:
            partialRefreshes += 1
            updatesSinceFull += 1
        }
    }
}
