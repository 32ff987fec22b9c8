import InkUI

/// The top line of a widget: a title on the left (its short form, then truncated, when room is short),
/// a short text on the right.
struct HeaderRow: View {
    let title: String
    var shortTitle: String?
    let trailing: String
    let metrics: PanelScale

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: metrics.spacing) {
            if let shortTitle {
                ViewThatFits(in: .horizontal) {
                    Text(title)
                    Text(shortTitle)
                }
                .font(metrics.title).lineLimit(1)
            } else {
                Text(title).font(metrics.title).lineLimit(1)
            }
            Spacer(minLength: metrics.spacing)
            Text(trailing).font(metrics.titleRegular).lineLimit(1).layoutPriority(1)
        }
    }
}
