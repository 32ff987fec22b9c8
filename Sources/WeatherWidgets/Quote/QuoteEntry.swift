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
    /// The quote in quotation marks, written out once for the view; `nil` when the list is empty.
    let quotedText: String?
    /// "— Author".
    let attribution: String
    /// "Thursday 14 May", and "Thu 14 May" for narrow regions.
    let dateText: String
    let shortDateText: String
    /// What the widget says without quotes, in the panel's language.
    let noQuotes: String
    let metrics: PanelScale
    /// The pixel size of the quote's text, chosen so it fills the region.
    let textSize: Int
}
