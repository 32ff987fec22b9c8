import InkUI

/// The five-day forecast: columns (day, icon, high and low, precipitation) on landscape regions, rows on
/// portrait ones. Today's column is bold; its name is "Today" in the panel's language.
struct DaysView: View {
    /// How the days are laid out.
    enum Style {
        /// A row per day, for portrait regions.
        case rows
        /// A column per day, high and low side by side under the icon.
        case columns
        /// A column per day, high over low, for columns narrower than the two side by side.
        case narrowColumns
    }

    let days: ArraySlice<WeatherPanelModel.Day>
    let metrics: PanelScale
    let style: Style

    var body: some View {
        switch style {
        case .rows:
            VStack(alignment: .leading, spacing: metrics.length(2)) {
                ForEach(days, id: \.self) { [metrics] day in
                    HStack(spacing: metrics.length(4)) {
                        Text(day.name).font(metrics.bodyBold).lineLimit(1)
                        Spacer(minLength: metrics.length(2))
                        Icon(day.symbol, size: metrics.rowIcon)
                        Text(day.highAndLow).font(metrics.body).lineLimit(1).fixedSize()
                        PrecipitationChance(chance: day.chance, isSnow: day.isSnow, metrics: metrics)
                            .frame(width: metrics.length(40), alignment: .trailing)
                    }
                }
            }
        case .columns:
            HStack(alignment: .top, spacing: metrics.spacing) {
                ForEach(days, id: \.self) { [metrics] day in Self.column(day, metrics: metrics, highOverLow: false) }
            }
        case .narrowColumns:
            HStack(alignment: .top, spacing: metrics.spacing) {
                ForEach(days, id: \.self) { [metrics] day in Self.column(day, metrics: metrics, highOverLow: true) }
            }
        }
    }

    /// One day's column: its name, icon, high and low, and its chance and amount of precipitation.
    @ViewBuilder
    private static func column(_ day: WeatherPanelModel.Day, metrics: PanelScale, highOverLow: Bool) -> some View {
        VStack(spacing: metrics.length(1)) {
            Text(day.name).font(metrics.bodyBold).lineLimit(1)
            Icon(day.symbol, size: metrics.length(26, minimum: 14))
            if highOverLow {
                Text(day.high).font(metrics.caption.bold()).lineLimit(1)
                Text(day.low).font(metrics.caption).lineLimit(1)
            } else {
                HStack(spacing: metrics.length(3)) {
                    Text(day.high).font(metrics.caption.bold())
                    Text(day.low).font(metrics.caption)
                }
                .lineLimit(1)
            }
            PrecipitationChance(chance: day.chance, isSnow: day.isSnow, metrics: metrics)
            if let amount = day.amount {
                Text(amount).font(metrics.caption).lineLimit(1)
            } else {
                Text(" ").font(metrics.caption)
            }
        }
        .frame(maxWidth: .infinity)
    }
}
