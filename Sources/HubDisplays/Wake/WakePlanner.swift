#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem
public import InkWidgets

/// TRMNL's `refresh_rate` from a display's timelines: the device sleeps until the next entry date or
/// scheduled reload of any of its widgets (plus a moment for the frame to be composed, or the reload to
/// finish), within the display's bounds, instead of waking on a fixed timer.
public enum WakePlanner {
    /// What one widget has coming.
    public struct Upcoming: Sendable, Hashable {
        public var nextEntry: Date?
        public var nextReload: Date?
        public var reloadInFlight: Bool

        public init(nextEntry: Date? = nil, nextReload: Date? = nil, reloadInFlight: Bool = false) {
            self.nextEntry = nextEntry
            self.nextReload = nextReload
            self.reloadInFlight = reloadInFlight
        }

        /// A widget's schedule as the scheduler reports it.
        public init(_ schedule: WidgetScheduleStatus) {
            self.init(nextEntry: schedule.nextEntryDate, nextReload: schedule.nextReloadDate, reloadInFlight: schedule.reloadInFlight)
        }
    }

    /// The time an entry's frame is given to be composed after its date before the device comes to look.
    public static let entrySettling: Duration = .seconds(2)
    /// The time a scheduled reload is given to fetch and render before the device comes to look.
    public static let reloadSettling: Duration = .seconds(20)

    /// Seconds until the device should wake.
    public static func refreshSeconds(_ widgets: [Upcoming], bounds: WakeBounds, now: Date) -> Int {
        let changes = widgets.flatMap { widget in
            [
                widget.nextEntry.map { $0 + entrySettling.timeInterval }, widget.nextReload.map { $0 + reloadSettling.timeInterval },
                widget.reloadInFlight ? now : nil,
            ].compactMap { $0 }
        }
        let wanted = changes.min().map { $0.timeIntervalSince(now) } ?? bounds.maximum.timeInterval
        let clamped = min(max(wanted, bounds.minimum.timeInterval), bounds.maximum.timeInterval)
        return Int(clamped.rounded(.up))
    }
}
