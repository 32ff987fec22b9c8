import InkUI

/// The top line of a widget: a title on the left (truncated first), a short text on the right.
struct HeaderRow: View {
    let title: String
    let trailing: String
    let metrics: PanelScale

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: metrics.spacing) {
            Text(title).font(metrics.title).lineLimit(1)
            Spacer(minLength: metrics.spacing)
            Text(trailing).font(metrics.titleRegular).lineLimit(1).layoutPriority(1)
        }
    }
}
