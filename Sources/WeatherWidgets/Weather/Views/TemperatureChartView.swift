import InkUI

/// The temperature over the next 24 hours as a line over grey bars of the chance of precipitation,
/// with the highest and lowest temperature beside it.
struct TemperatureChartView: View {
    let model: WeatherPanelModel
    let metrics: PanelScale

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.length(2)) {
            Text(model.chartTitle).font(metrics.caption.bold())
            HStack(spacing: metrics.length(4)) {
                VStack(alignment: .trailing, spacing: 0) {
                    Text(model.chartHigh)
                    Spacer(minLength: 0)
                    Text(model.chartLow)
                }
                .font(metrics.caption)
                if model.chart.contains(where: { $0 != nil }) {
                    ZStack {
                        Chart(model.chartPrecipitation, style: .bars(spacing: 1), minimum: 0, maximum: 1)
                            .foregroundStyle(.lightGray)
                        Chart(model.chart, style: .line(width: max(1, metrics.length(2))))
                    }
                    .border(.lightGray)
                } else {
                    Text(model.chartEmpty).font(metrics.caption).frame(maxWidth: .infinity, maxHeight: .infinity)
                }
            }
        }
    }
}
