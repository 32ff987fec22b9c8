import InkUI

/// The daily quote: the date, the quote as large as the region allows, and its author.
struct QuoteView: View {
    let entry: QuoteEntry

    var body: some View {
        let metrics = entry.metrics
        VStack(alignment: .leading, spacing: metrics.spacing) {
            Text(entry.dateText).font(metrics.title).lineLimit(1)
            Divider()
            if let quotedText = entry.quotedText {
                Text(quotedText).font(.system(size: entry.textSize)).lineLimit(8)
                Spacer(minLength: 0)
                HStack {
                    Spacer(minLength: 0)
                    Text(entry.attribution).font(metrics.bodyBold).lineLimit(1)
                }
            } else {
                MessageBlock(text: "No quotes configured", metrics: metrics)
            }
        }
        .padding(metrics.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
