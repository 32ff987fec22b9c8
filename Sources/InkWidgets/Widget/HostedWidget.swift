#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import InkUI

/// A widget placed in a region with its provider and view captured, so the scheduler (and previews) can
/// run widgets of any entry type side by side.
public struct HostedWidget: Sendable {
    public let placement: WidgetPlacement
    public let context: TimelineProviderContext
    private let placeholderFrame: @Sendable (Renderer) -> Frame
    private let loadTimeline: @Sendable (ReloadReason) async throws -> LoadedTimeline
    private let snapshotFrame: @Sendable (Renderer) async -> Frame

    init<Provider: TimelineProvider, Content: View>(
        placement: WidgetPlacement, context: TimelineProviderContext, provider: Provider,
        content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        self.placement = placement
        self.context = context
        let draw: @Sendable (Provider.Entry, Renderer, RedactionReasons) -> Frame = { entry, renderer, redaction in
            var environment = EnvironmentValues()
            environment.widgetFamily = context.family
            environment.redactionReasons = redaction
            return renderer.render(content(entry), size: context.displaySize, capability: context.colorCapability, environment: environment)
        }
        placeholderFrame = { renderer in draw(provider.placeholder(in: context), renderer, .placeholder) }
        snapshotFrame = { renderer in draw(await provider.snapshot(in: context), renderer, []) }
        loadTimeline = { reason in
            var context = context
            context.reloadReason = reason
            let timeline = try await provider.timeline(in: context)
            let entries = timeline.entries
            return LoadedTimeline(dates: entries.map(\.date), policy: timeline.policy) { index, renderer in
                draw(entries[index], renderer, [])
            }
        }
    }

    public var id: WidgetID { placement.id }

    /// The placeholder, drawn redacted: no I/O.
    public func renderPlaceholder(with renderer: Renderer) -> Frame {
        placeholderFrame(renderer)
    }

    /// The provider's snapshot entry, for previews.
    public func renderSnapshot(with renderer: Renderer) async -> Frame {
        await snapshotFrame(renderer)
    }

    /// Asks the provider for a timeline, telling it why.
    func load(reason: ReloadReason) async throws -> LoadedTimeline {
        try await loadTimeline(reason)
    }
}

/// A timeline whose entries can be rendered by index, without knowing their type.
struct LoadedTimeline: Sendable {
    let dates: [Date]
    let policy: TimelineReloadPolicy
    let render: @Sendable (Int, Renderer) -> Frame
}
