import InkUI

/// The details block: facts in rows of one or two, most wanted first, as many rows as the layout
/// allows. Each fact is an icon and a text; a value from a local sensor carries an antenna, a fact that
/// needs attention is red (bold on black-and-white panels).
struct DetailsView: View {
    let rows: [[WeatherPanelModel.Detail]]
    let metrics: PanelScale

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.length(3)) {
            ForEach(rows, id: \.self) { [metrics] row in
                HStack(alignment: .center, spacing: metrics.spacing * 3) {
                    ForEach(row, id: \.self) { detail in
                        DetailView(detail: detail, metrics: metrics)
                            .frame(maxWidth: .infinity, alignment: .leading)
                    }
                }
            }
        }
    }
}

/// One fact: its pieces side by side.
struct DetailView: View {
    let detail: WeatherPanelModel.Detail
    let metrics: PanelScale

    var body: some View {
        Group {
            if let extra = detail.extra {
                ViewThatFits(in: .horizontal) {
                    HStack(alignment: .center, spacing: metrics.spacing * 2) {
                        pieces
                        Self.piece(extra, metrics: metrics)
                    }
                    HStack(alignment: .center, spacing: metrics.spacing * 2) { pieces }
                }
            } else {
                HStack(alignment: .center, spacing: metrics.spacing * 2) { pieces }
            }
        }
        .font(detail.needsAttention ? metrics.bodyBold : metrics.body)
        .foregroundStyle(detail.needsAttention ? .red : .black)
    }

    private var pieces: some View {
        ForEach(detail.pieces, id: \.self) { [metrics] piece in Self.piece(piece, metrics: metrics) }
    }

    /// An icon, the text (its compact form where the full one does not fit) and the sensor mark.
    private static func piece(_ piece: WeatherPanelModel.Detail.Piece, metrics: PanelScale) -> some View {
        HStack(alignment: .center, spacing: metrics.length(3)) {
            Icon(piece.symbol, size: metrics.inlineIcon, rotation: .degrees(piece.rotation))
            FittingText(text: piece.text, compactText: piece.compactText)
            if piece.fromSensor {
                Icon(.antenna, size: metrics.markIcon)
            }
        }
    }
}
