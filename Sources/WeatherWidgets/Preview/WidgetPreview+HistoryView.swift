public import InkUI
public import InkWidgets

extension WidgetPreview {
    /// The history widget's view now (`data.now()`) of what `data`'s sensor store holds, as its provider
    /// reads it for a region of `size` in `family`: for benchmarks that draw a known entry again and again
    /// into a reused frame.
    public static func historyView(data: WidgetDataContext, family: WidgetFamily, size: PixelSize) async -> some View & Sendable {
        let context = TimelineProviderContext(family: family, displaySize: size, isPreview: true, colorCapability: .monochrome)
        return HistoryView(entry: await HistoryTimelineProvider(data: data).snapshot(in: context))
    }
}
