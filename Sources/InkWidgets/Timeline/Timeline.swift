/// The entries a provider answers with and when to ask again. A new timeline replaces the old one whole.
public struct Timeline<Entry: TimelineEntry>: Sendable {
    public var entries: [Entry]
    public var policy: TimelineReloadPolicy

    public init(entries: [Entry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
