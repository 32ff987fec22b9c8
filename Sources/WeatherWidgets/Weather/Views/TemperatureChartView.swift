import InkUI

/// The temperature over the next 24 hours as a line, with its highest and lowest value beside it.
struct TemperatureChartView: View {
    let values: [Double?]
    let high: String
    let low: String
    let metrics: PanelScale

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.length(2)) {
            Text("Next 24 h").font(metrics.caption.bold())
            HStack(spacing: metrics.length(4)) {
                VStack(alignment: .trailing, spacing: 0) {
                    Text(high)
                    Spacer(minLength: 0)
                    Text(low)
                }
                .font(metrics.caption)
                if values.contains(where: { $0 != nil }) {
                    Chart(values, style: .line(width: max(1, metrics.length(2))))
                        .border(.lightGray)
                } else {
                    Text("no forecast").font(metrics.caption).frame(maxWidth: .infinity, maxHeight: .infinity)
                }
            }
        }
    }
}
