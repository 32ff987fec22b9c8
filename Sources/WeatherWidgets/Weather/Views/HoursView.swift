import InkUI

/// The next forecast steps: rows (time, icon, temperature, chance of precipitation) beside or below the
/// current conditions, or columns across a wide panel.
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
                        PrecipitationChance(chance: hour.chance, isSnow: hour.isSnow, metrics: metrics)
                    }
                    .frame(maxWidth: .infinity)
                }
            }
        } else {
            // The chances of precipitation where the rows have room for them.
            ViewThatFits(in: .horizontal) {
                rows(withChances: true)
                rows(withChances: false)
            }
        }
    }

    /// The hours in rows; each row's closure captures only `metrics`, so drawing allocates nothing.
    @ViewBuilder private func rows(withChances: Bool) -> some View {
        VStack(alignment: .leading, spacing: metrics.length(2)) {
            if withChances {
                ForEach(hours, id: \.self) { [metrics] hour in Self.row(hour, withChance: true, metrics: metrics) }
            } else {
                ForEach(hours, id: \.self) { [metrics] hour in Self.row(hour, withChance: false, metrics: metrics) }
            }
        }
    }

    /// One hour as wide as its content, so the hours never take room the conditions beside them need.
    private static func row(_ hour: WeatherPanelModel.Hour, withChance: Bool, metrics: PanelScale) -> some View {
        HStack(spacing: metrics.length(4)) {
            Text(hour.time).font(metrics.caption).lineLimit(1).fixedSize()
                .frame(minWidth: metrics.length(36), alignment: .leading)
            Icon(hour.symbol, size: metrics.rowIcon)
            Text(hour.temperature).font(metrics.bodyBold).lineLimit(1).fixedSize()
                .frame(minWidth: metrics.length(30), alignment: .trailing)
            if withChance {
                PrecipitationChance(chance: hour.chance, isSnow: hour.isSnow, metrics: metrics)
                    .frame(minWidth: metrics.length(40), alignment: .trailing)
            }
        }
    }
}

/// "☂ 60%" or "❄ 60%" under a forecast step; an empty line of the same height below 10 %.
struct PrecipitationChance: View {
    let chance: String?
    let isSnow: Bool
    let metrics: PanelScale

    var body: some View {
        HStack(spacing: metrics.length(2)) {
            if let chance {
                Icon(isSnow ? .snowflake : .droplet, size: metrics.length(10, minimum: 8))
                Text(chance).lineLimit(1).fixedSize()
            } else {
                Text(" ")
            }
        }
        .font(metrics.caption)
    }
}
