/// What the timeline schedule asks its host to do after an event.
public enum ScheduleAction: Sendable, Hashable {
    /// Show the widget's placeholder (nothing else is known yet).
    case showPlaceholder(WidgetID)
    /// Show entry `entry` (its index in the provider's array) of timeline `timeline`.
    /// `userInitiated` changes may refresh the panel sooner than its minimum interval.
    case show(WidgetID, entry: Int, timeline: Int, userInitiated: Bool)
    /// Ask the provider for a new timeline; answer with the same generation.
    case startReload(WidgetID, generation: Int, reason: ReloadReason)
    /// Give up on a reload that did not answer in time; a late answer is ignored anyway.
    case cancelReload(WidgetID, generation: Int)
}
