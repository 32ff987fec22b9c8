import InkUI

/// The forecast widget: the selected day's icon, high and low, conditions and precipitation, and its
/// forecast steps where there is room.
struct ForecastView: View {
    let entry: ForecastEntry

    var body: some View {
        let metrics = entry.metrics
        let model = entry.model
        VStack(alignment: .leading, spacing: metrics.spacing) {
            HeaderRow(title: model.title, shortTitle: model.shortTitle, trailing: model.city, metrics: metrics)
            if let message = model.message {
                MessageBlock(text: message, metrics: metrics)
            } else {
                // The words beside the icon where they fit, under it on narrow regions.
                ViewThatFits(in: .horizontal) {
                    HStack(alignment: .center, spacing: metrics.spacing * 2) {
                        Icon(model.symbol, size: metrics.heroIcon)
                        VStack(alignment: .leading, spacing: 0) {
                            temperatures
                            FittingText(text: model.condition, compactText: model.compactCondition).font(metrics.body)
                            precipitation
                        }
                    }
                    VStack(alignment: .leading, spacing: 0) {
                        HStack(alignment: .center, spacing: metrics.spacing) {
                            Icon(model.symbol, size: metrics.heroIcon * 3 / 4)
                            temperatures
                        }
                        FittingText(text: model.condition, compactText: model.compactCondition).font(metrics.body)
                        precipitation
                    }
                    VStack(alignment: .leading, spacing: 0) {
                        Icon(model.symbol, size: metrics.heroIcon * 3 / 4)
                        temperatures
                        FittingText(text: model.condition, compactText: model.compactCondition).font(metrics.body)
                        precipitation
                    }
                }
                if entry.showsHours, !model.hours.isEmpty {
                    Divider()
                    HoursView(hours: model.hours.prefix(metrics.isPortrait ? 4 : 6), metrics: metrics, asColumns: !metrics.isPortrait)
                }
            }
            Spacer(minLength: 0)
            StatusRow(status: model.status, metrics: metrics)
        }
        .padding(metrics.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    private var temperatures: some View {
        HStack(alignment: .firstTextBaseline, spacing: entry.metrics.spacing) {
            Text(entry.model.high).font(entry.metrics.hero).lineLimit(1).fixedSize()
            Text(entry.model.low).font(entry.metrics.large).lineLimit(1).fixedSize()
        }
    }

    /// "Rain 70% · 3.6 mm", or its figures under an umbrella (a snowflake) where the words do not fit.
    private var precipitation: some View {
        ViewThatFits(in: .horizontal) {
            Text(entry.model.precipitation)
            HStack(spacing: entry.metrics.length(3)) {
                Icon(entry.model.isSnow ? .snowflake : .umbrella, size: entry.metrics.inlineIcon)
                Text(entry.model.precipitationFigures)
            }
        }
        .font(entry.metrics.body)
        .lineLimit(1)
    }
}
