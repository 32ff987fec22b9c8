#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Where one widget stands in its schedule, for `weatherctl widgets` and `weatherctl status`.
public struct WidgetScheduleStatus: Sendable, Hashable, Codable {
    /// True while the placeholder is all that was shown.
    public var showsPlaceholder: Bool
    /// The date of the entry on the panel now.
    public var shownEntryDate: Date?
    /// When the next entry of the current timeline comes due.
    public var nextEntryDate: Date?
    /// When the next reload is expected to start (nil: only on request).
    public var nextReloadDate: Date?
    public var reloadInFlight: Bool
    /// Reloads left in the rolling 24-hour budget.
    public var reloadBudgetRemaining: Int
    /// When the current timeline arrived.
    public var timelineDate: Date?
    public var timelineEntryCount: Int
    /// The current timeline's reload policy, as text.
    public var policy: String?
    /// Failed or timed-out reloads in a row since the last good timeline.
    public var consecutiveFailures: Int
    /// Why the last reload failed, while failures go on.
    public var lastError: String?
}
