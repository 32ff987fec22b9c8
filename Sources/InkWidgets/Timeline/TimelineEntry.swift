#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One moment of a widget's timeline: the view shown from `date` until the next entry's date.
public protocol TimelineEntry: Sendable {
    /// When the entry becomes the one shown.
    var date: Date { get }
    /// How relevant the entry is compared with other widgets' entries; `nil` when it does not matter.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// WidgetKit's relevance hint: a score and how long it holds.
public struct TimelineEntryRelevance: Sendable, Hashable {
    public var score: Float
    public var duration: Duration

    public init(score: Float, duration: Duration = .zero) {
        self.score = score
        self.duration = duration
    }
}
