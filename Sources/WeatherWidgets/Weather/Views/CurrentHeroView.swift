import InkUI

/// The condition icon, the big temperature (marked when a local sensor measured it) and the condition.
struct CurrentHeroView: View {
    let current: WeatherPanelModel.Current
    let metrics: PanelScale

    var body: some View {
        if metrics.isPortrait {
            VStack(alignment: .leading, spacing: 0) {
                HStack(alignment: .center, spacing: metrics.length(2)) {
                    Icon(current.symbol, size: metrics.heroIcon * 3 / 4)
                    temperature
                }
                Text(current.condition).font(metrics.body).lineLimit(1)
            }
        } else {
            HStack(alignment: .center, spacing: metrics.spacing) {
                Icon(current.symbol, size: metrics.heroIcon)
                VStack(alignment: .leading, spacing: 0) {
                    temperature
                    Text(current.condition).font(metrics.body).lineLimit(1)
                }
            }
        }
    }

    /// The temperature never truncates: it is what the panel is read for.
    private var temperature: some View {
        HStack(alignment: .top, spacing: metrics.length(2)) {
            Text(current.temperature).font(metrics.hero).lineLimit(1).fixedSize()
            if current.temperatureFromSensor {
                Icon(.antenna, size: metrics.markIcon)
            }
        }
        .layoutPriority(2)
    }
}
