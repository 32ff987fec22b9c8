#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One widget's state in the timeline schedule: its timeline, what it shows, and its reload bookkeeping.
struct WidgetSchedule: Sendable {
    /// A timeline reduced to what scheduling needs: entry dates in display order.
    struct ScheduledTimeline: Sendable {
        /// Entry dates sorted stably; `index` is the entry's position in the provider's array.
        var entries: [(date: Date, index: Int)]
        var policy: TimelineReloadPolicy
        var generation: Int
        var arrival: Date

        init(dates: [Date], policy: TimelineReloadPolicy, generation: Int, arrival: Date) {
            // Stable sort: entries with equal dates keep their order, so the later element wins.
            entries = dates.enumerated().map { (date: $0.element, index: $0.offset) }
                .sorted { $0.date < $1.date || ($0.date == $1.date && $0.index < $1.index) }
            self.policy = policy
            self.generation = generation
            self.arrival = arrival
        }

        /// The position (in `entries`) of the newest entry due at `date`.
        func newestDuePosition(at date: Date) -> Int? {
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].date <= date { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? nil : low - 1
        }
    }

    struct InFlight: Sendable {
        var generation: Int
        var reason: ReloadReason
        var deadline: Duration
    }

    struct Request: Sendable {
        var reason: ReloadReason
        var due: Duration
    }

    /// When the current policy wants the next reload: not before a wall date and not before an uptime.
    struct PolicyDue: Sendable {
        var wall: Date?
        var notBefore: Duration
    }

    var timeline: ScheduledTimeline?
    var showsPlaceholder = false
    /// The position in `timeline.entries` shown now, for the current timeline only.
    var shownPosition: Int?
    var shownDate: Date?
    var lastDisplayUptime: Duration?
    /// Set when new data arrived or the clock jumped: show the newest due entry without waiting.
    var displayUrgent = false
    var displayUserInitiated = false

    var generation = 0
    var inFlight: InFlight?
    var request: Request?
    var followUp: ReloadReason?
    var policyDue: PolicyDue?
    var lastReloadStart: Duration?
    var failures = 0
    var retryDue: Duration?
    var lastError: String?
    var budget: ReloadBudget

    init(budget: Int) {
        self.budget = ReloadBudget(limit: budget)
    }
}
