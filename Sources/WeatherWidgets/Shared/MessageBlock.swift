import InkUI

/// What a widget shows instead of data it does not have: a warning sign and a sentence, big enough to
/// read across the room, never an empty area.
struct MessageBlock: View {
    let text: String
    let metrics: PanelScale

    var body: some View {
        HStack(spacing: metrics.spacing * 2) {
            Icon(.warning, size: metrics.length(32, minimum: 20))
            Text(text).font(metrics.bodyBold).lineLimit(4)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
