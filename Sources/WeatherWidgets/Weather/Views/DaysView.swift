import InkUI

/// The five-day forecast: columns (day, icon, high and low) on landscape regions, rows on portrait ones.
struct DaysView: View {
    let days: ArraySlice<WeatherPanelModel.Day>
    let metrics: PanelScale
    let asColumns: Bool

    var body: some View {
        if asColumns {
            HStack(alignment: .top, spacing: metrics.spacing) {
                ForEach(days, id: \.self) { [metrics] day in
                    VStack(spacing: metrics.length(1)) {
                        Text(day.name).font(metrics.bodyBold).lineLimit(1)
                        Icon(day.symbol, size: metrics.length(26, minimum: 14))
                        HStack(spacing: metrics.length(3)) {
                            Text(day.high).font(metrics.caption.bold())
                            Text(day.low).font(metrics.caption)
                        }
                        .lineLimit(1)
                    }
                    .frame(maxWidth: .infinity)
                }
            }
        } else {
            VStack(alignment: .leading, spacing: metrics.length(2)) {
                ForEach(days, id: \.self) { [metrics] day in
                    HStack(spacing: metrics.length(4)) {
                        Text(day.name).font(metrics.bodyBold).lineLimit(1)
                        Spacer(minLength: metrics.length(2))
                        Icon(day.symbol, size: metrics.rowIcon)
                        Text(day.highAndLow).font(metrics.body).lineLimit(1).fixedSize()
                    }
                }
            }
        }
    }
}
