import InkUI

/// The next forecast steps: rows (time, icon, temperature) beside or below the current conditions, or
/// columns across a wide panel.
struct HoursView: View {
    let hours: ArraySlice<WeatherPanelModel.Hour>
    let metrics: PanelScale
    let asColumns: Bool

    var body: some View {
        if asColumns {
            HStack(alignment: .top, spacing: metrics.spacing) {
                ForEach(hours, id: \.self) { [metrics] hour in
                    VStack(spacing: metrics.length(2)) {
                        Text(hour.time).font(metrics.caption).lineLimit(1)
                        Icon(hour.symbol, size: metrics.length(24, minimum: 14))
                        Text(hour.temperature).font(metrics.bodyBold).lineLimit(1)
                    }
                    .frame(maxWidth: .infinity)
                }
            }
        } else {
            VStack(alignment: .leading, spacing: metrics.length(2)) {
                ForEach(hours, id: \.self) { [metrics] hour in
                    HStack(spacing: metrics.length(4)) {
                        Text(hour.time).font(metrics.caption).lineLimit(1).fixedSize()
                        Spacer(minLength: metrics.length(2))
                        Icon(hour.symbol, size: metrics.rowIcon)
                        Text(hour.temperature).font(metrics.bodyBold).lineLimit(1)
                            .frame(width: metrics.length(30), alignment: .trailing)
                    }
                }
            }
        }
    }
}
