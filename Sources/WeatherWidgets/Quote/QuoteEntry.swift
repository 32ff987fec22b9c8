#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import InkWidgets

/// One day's quote.
public struct QuoteEntry: TimelineEntry {
    public let date: Date
    /// The quote's position in the context's list; `nil` when the list is empty.
    public let index: Int?
    let quote: Quote?
    let dateText: String
    let metrics: PanelScale
    /// The pixel size of the quote's text, chosen so it fills the region.
    let textSize: Int
}
