public import InkUI

/// What a provider knows about where its entries will be shown.
public struct TimelineProviderContext: Sendable, Hashable {
    /// The family the widget is placed in.
    public var family: WidgetFamily
    /// The widget's region on the panel, in pixels.
    public var displaySize: PixelSize
    /// True for `weatherctl preview` and snapshots: use cached or demo data, never wait for the network.
    public var isPreview: Bool
    /// The inks of the panel.
    public var colorCapability: ColorCapability
    /// Why the scheduler asks for this timeline; `nil` for placeholders, snapshots and previews. When a
    /// person asked (`ReloadReason.isRequestedByPerson`), a provider may fetch fresh data it would
    /// otherwise answer from its cache.
    public var reloadReason: ReloadReason?
    /// What the layout set for this placement of the widget.
    public var parameters: WidgetParameters

    public init(
        family: WidgetFamily, displaySize: PixelSize, isPreview: Bool, colorCapability: ColorCapability,
        reloadReason: ReloadReason? = nil, parameters: WidgetParameters = WidgetParameters()
    ) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.colorCapability = colorCapability
        self.reloadReason = reloadReason
        self.parameters = parameters
    }
}

/// Supplies a widget's entries, as WidgetKit's `TimelineProvider` does.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext

    /// An entry shown at once while nothing else is known: synchronous, no I/O. Rendered redacted.
    func placeholder(in context: Context) -> Entry

    /// One entry that represents the widget now, for previews: quick, from cached or built-in data.
    func snapshot(in context: Context) async -> Entry

    /// The entries to show from now on and when to ask again. Throwing keeps the old timeline and retries
    /// with backoff.
    func timeline(in context: Context) async throws -> Timeline<Entry>
}
