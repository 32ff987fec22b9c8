#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How one widget's reload ended, for a caller that waits for the panel (`weatherctl city set`).
public struct ReloadReport: Sendable, Hashable, Codable {
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The new timeline's entry is on the panel.
        case shown
        /// The new timeline looks exactly like what the panel shows: nothing to refresh.
        case unchanged
        /// The new timeline's first entry is in the future; the old content stays until then.
        case notYetDue
        /// The provider failed or timed out; the old content stays.
        case failed
    }

    public var widget: WidgetID
    public var kind: String
    public var outcome: Outcome
    /// Why it failed.
    public var message: String?
    /// When the panel got the frame.
    public var date: Date

    public init(widget: WidgetID, kind: String, outcome: Outcome, message: String? = nil, date: Date) {
        self.widget = widget
        self.kind = kind
        self.outcome = outcome
        self.message = message
        self.date = date
    }
}

/// One placed widget and where it stands in its schedule.
public struct WidgetStatus: Sendable, Hashable, Codable {
    public var info: WidgetInfo
    public var schedule: WidgetScheduleStatus

    public init(info: WidgetInfo, schedule: WidgetScheduleStatus) {
        self.info = info
        self.schedule = schedule
    }
}
