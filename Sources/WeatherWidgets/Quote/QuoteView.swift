import InkUI

/// The daily quote: the date, the quote as large as the region allows, and its author.
struct QuoteView: View {
    let entry: QuoteEntry

    var body: some View {
        let metrics = entry.metrics
        VStack(alignment: .leading, spacing: metrics.spacing) {
            // The date with the weekday and month in full where they fit.
            ViewThatFits(in: .horizontal) {
                Text(entry.dateText)
                Text(entry.shortDateText)
            }
            .font(metrics.title)
            .lineLimit(1)
            Divider()
            if let quotedText = entry.quotedText {
                Text(quotedText).font(.system(size: entry.textSize)).lineLimit(8)
                Spacer(minLength: 0)
                HStack {
                    Spacer(minLength: 0)
                    Text(entry.attribution).font(metrics.bodyBold).lineLimit(1)
                }
            } else {
                MessageBlock(text: entry.noQuotes, metrics: metrics)
            }
        }
        .padding(metrics.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
