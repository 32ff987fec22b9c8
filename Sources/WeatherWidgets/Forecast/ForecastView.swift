import InkUI

/// The forecast widget: the selected day's icon, high and low, conditions and precipitation, and its
/// forecast steps where there is room.
struct ForecastView: View {
    let entry: ForecastEntry

    var body: some View {
        let metrics = entry.metrics
        let model = entry.model
        VStack(alignment: .leading, spacing: metrics.spacing) {
            HeaderRow(title: model.title, trailing: model.city, metrics: metrics)
            if let message = model.message {
                MessageBlock(text: message, metrics: metrics)
            } else {
                HStack(alignment: .center, spacing: metrics.spacing * 2) {
                    Icon(model.symbol, size: metrics.heroIcon)
                    VStack(alignment: .leading, spacing: 0) {
                        HStack(alignment: .firstTextBaseline, spacing: metrics.spacing) {
                            Text(model.high).font(metrics.hero).lineLimit(1)
                            Text(model.low).font(metrics.large).lineLimit(1)
                        }
                        Text(model.condition).font(metrics.body).lineLimit(1)
                        Text(model.precipitation).font(metrics.body).lineLimit(1)
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
}
