import InkUI

/// The temperature over the next 24 hours as a line over grey bars of the chance of precipitation,
/// with the highest and lowest temperature beside it; where the layout asks for the station's history,
/// the outdoor sensor's last 24 hours come first, a line marked "now" between past and forecast.
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
                if let past = model.pastChart, let range = model.chartRange {
                    HStack(spacing: 0) {
                        Chart(past, style: line, minimum: range.lowerBound, maximum: range.upperBound)
                        Rectangle().frame(width: max(1, metrics.length(2)))
                        forecast(minimum: range.lowerBound, maximum: range.upperBound)
                    }
                    .border(.lightGray)
                    .overlay(alignment: .top) {
                        Text(model.nowLabel).font(metrics.caption).padding(.horizontal, metrics.length(2)).background(.white)
                    }
                } else if model.chart.contains(where: { $0 != nil }) {
                    forecast(minimum: nil, maximum: nil).border(.lightGray)
                } else {
                    Text(model.chartEmpty).font(metrics.caption).frame(maxWidth: .infinity, maxHeight: .infinity)
                }
            }
        }
    }

    private var line: ChartStyle { .line(width: max(1, metrics.length(2))) }

    private func forecast(minimum: Double?, maximum: Double?) -> some View {
        ZStack {
            Chart(model.chartPrecipitation, style: .bars(spacing: 1), minimum: 0, maximum: 1)
                .foregroundStyle(.lightGray)
            Chart(model.chart, style: line, minimum: minimum, maximum: maximum)
        }
    }
}
