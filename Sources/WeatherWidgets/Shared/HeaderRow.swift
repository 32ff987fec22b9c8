import InkUI

/// The top line of a widget: a title on the left (its short form, then truncated, when room is short),
/// a short text on the right. A trailing text with a compact form (a time with its zone) is shortened
/// where the line is too narrow, and goes under the title where even that does not fit, so neither is lost.
struct HeaderRow: View {
    let title: String
    var shortTitle: String?
    let trailing: String
    var compactTrailing: String?
    let metrics: PanelScale

    var body: some View {
        if let compactTrailing {
            ViewThatFits(in: .horizontal) {
                line(trailing)
                line(compactTrailing)
                VStack(alignment: .leading, spacing: 0) {
                    titleText
                    FittingText(text: trailing, compactText: compactTrailing).font(metrics.titleRegular)
                }
            }
        } else {
            line(trailing)
        }
    }

    private func line(_ trailing: String) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: metrics.spacing) {
            titleText
            Spacer(minLength: metrics.spacing)
            Text(trailing).font(metrics.titleRegular).lineLimit(1).layoutPriority(1)
        }
    }

    @ViewBuilder private var titleText: some View {
        if let shortTitle {
            ViewThatFits(in: .horizontal) {
                Text(title)
                Text(shortTitle)
            }
            .font(metrics.title).lineLimit(1)
        } else {
            Text(title).font(metrics.title).lineLimit(1)
        }
    }
}
