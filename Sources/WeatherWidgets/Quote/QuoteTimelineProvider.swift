#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkUI
import InkWidgets
import SharedDefaultsKit
import WeatherInfoKit

/// Feeds the daily quote widget: a new quote at each local date rollover (the hub's zone). The date
/// and index live in the shared defaults (`dailyQuoteDate`, `dailyQuoteIndex`) so a restart keeps the
/// day's quote; the timeline updates them when the date has changed.
struct QuoteTimelineProvider: TimelineProvider {
    let data: WidgetDataContext

    func placeholder(in context: Context) -> QuoteEntry {
        entry(index: 0, quotes: [Quote(text: "A short quote that fills two lines of the widget.", author: "Author")], context: context, at: data.now())
    }

    func snapshot(in context: Context) async -> QuoteEntry {
        let now = data.now()
        return entry(index: todaysIndex(at: now).index, quotes: data.quotes, context: context, at: now)
    }

    func timeline(in context: Context) async -> Timeline<QuoteEntry> {
        let now = data.now()
        let today = todaysIndex(at: now)
        if today.changed {
            // A failed write keeps the widget going; the next reload tries again.
            try? data.defaults.update { values in
                values[.dailyQuoteDate] = today.date
                values[.dailyQuoteIndex] = today.index
            }
        }
        let midnight = data.display.timeZone.nextMidnight(after: now)
        let count = max(1, data.quotes.count)
        return Timeline(
            entries: [
                entry(index: today.index, quotes: data.quotes, context: context, at: now),
                entry(index: (today.index + 1) % count, quotes: data.quotes, context: context, at: midnight),
            ],
            policy: .atEnd)
    }

    /// Today's quote index: the stored one on the stored date, the next one on a new date.
    private func todaysIndex(at now: Date) -> (index: Int, date: LocalDate, changed: Bool) {
        let today = data.display.timeZone.localDate(at: now)
        let count = max(1, data.quotes.count)
        let values = data.defaults.read().values
        let stored = ((values[.dailyQuoteIndex] % count) + count) % count
        guard let storedDate = values[.dailyQuoteDate] else { return (stored, today, true) }
        if storedDate == today { return (stored, today, false) }
        return ((stored + 1) % count, today, true)
    }

    private func entry(index: Int, quotes: [Quote], context: Context, at date: Date) -> QuoteEntry {
        let size = context.displaySize
        let portrait = size.height > size.width
        let metrics = PanelScale(scale: PanelScale.fitting(portrait ? (128, 200) : (250, 122), in: size), isPortrait: portrait)
        let quote = quotes.isEmpty ? nil : quotes[index % quotes.count]
        let locale = data.effectiveDisplay.language.locale
        let today = data.display.timeZone.localDate(at: date)
        return QuoteEntry(
            date: date, index: quote == nil ? nil : index % quotes.count, quotedText: quote.map { "“\($0.text)”" },
            attribution: quote.map { "— \($0.author)" } ?? "", dateText: locale.title(locale.longDate(today)),
            shortDateText: locale.title(locale.shortDate(today)), noQuotes: locale.noQuotes, metrics: metrics,
            textSize: Self.textSize(for: quote, in: size, metrics: metrics))
    }

    /// The largest text size at which the quote roughly fills the space under the date and above the
    /// author: DejaVu's average advance is about 0.55 em (0.65 for a word's widest letters) and its
    /// line 1.17 em; 0.7 leaves room for words that do not fill a line, and the longest word must fit
    /// on one line.
    static func textSize(for quote: Quote?, in size: PixelSize, metrics: PanelScale) -> Int {
        let text = quote?.text ?? ""
        let characters = Double(max(20, text.count))
        let width = Double(max(1, size.width - 2 * metrics.padding))
        let height = Double(max(1, size.height - metrics.length(50)))
        let fitted = (0.7 * width * height / (characters * 0.55 * 1.17)).squareRoot()
        let longestWord = Double(text.split(separator: " ").map(\.count).max() ?? 1) + 1
        let wordLimit = width / (longestWord * 0.65)
        return min(metrics.length(40), max(10, Int(min(fitted, wordLimit))))
    }
}
