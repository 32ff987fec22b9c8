import InkUI

/// The condition icon, the big temperature (marked when a local sensor measured it) and the condition.
struct CurrentHeroView: View {
    let current: WeatherPanelModel.Current
    let metrics: PanelScale

    var body: some View {
        HStack(alignment: .center, spacing: metrics.spacing) {
            Icon(current.symbol, size: metrics.heroIcon)
            VStack(alignment: .leading, spacing: 0) {
                HStack(alignment: .top, spacing: metrics.length(2)) {
                    Text(current.temperature).font(metrics.hero).lineLimit(1)
                    if current.temperatureFromSensor {
                        Icon(.antenna, size: metrics.markIcon)
                    }
                }
                Text(current.condition).font(metrics.body).lineLimit(1)
            }
        }
    }
}
