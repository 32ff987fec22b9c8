import InkUI

/// The condition icon, the big outdoor temperature (marked when a local sensor measured it), the indoor
/// reading beside it when one is known, and the condition in words, or an alert's headline where the
/// region has no room for its banner.
struct CurrentHeroView: View {
    let current: WeatherPanelModel.Current
    var alert: WeatherPanelModel.Alert?
    let metrics: PanelScale

    var body: some View {
        HStack(alignment: .center, spacing: metrics.isPortrait ? metrics.length(2) : metrics.spacing) {
            Icon(current.symbol, size: metrics.isPortrait ? metrics.heroIcon * 3 / 4 : metrics.heroIcon)
            VStack(alignment: .leading, spacing: 0) {
                if let indoor = current.indoor {
                    // The indoor reading only where it fits beside the temperature, the hero measured
                    // whole so the indoor reading never takes room from the details beside it.
                    ViewThatFits(in: .horizontal) {
                        HStack(alignment: .center, spacing: metrics.spacing * 2) {
                            temperature
                            IndoorView(indoor: indoor, metrics: metrics)
                        }
                        temperature
                    }
                } else {
                    temperature
                }
                if let alert {
                    HStack(spacing: metrics.length(2)) {
                        Icon(.warning, size: metrics.inlineIcon)
                        Text(alert.headline).font(metrics.bodyBold).lineLimit(1)
                    }
                    .foregroundStyle(.red)
                } else {
                    FittingText(text: current.condition, compactText: current.compactCondition).font(metrics.body)
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

/// The indoor sensor's temperature and humidity under a house.
struct IndoorView: View {
    let indoor: WeatherPanelModel.Indoor
    let metrics: PanelScale

    var body: some View {
        HStack(alignment: .center, spacing: metrics.length(3)) {
            Icon(.house, size: metrics.rowIcon)
            VStack(alignment: .leading, spacing: 0) {
                Text(indoor.temperature).font(metrics.large).lineLimit(1).fixedSize()
                if let humidity = indoor.humidity {
                    Text(humidity).font(metrics.caption).lineLimit(1).fixedSize()
                }
            }
        }
        .layoutPriority(1)
    }
}

/// "Feels 16°  ↑19° ↓11°": the felt temperature and today's high and low, red when the temperature
/// now is the day's extreme.
struct FeelsAndExtremesView: View {
    let current: WeatherPanelModel.Current
    let metrics: PanelScale

    var body: some View {
        // The felt temperature only where it fits beside the extremes.
        ViewThatFits(in: .horizontal) {
            HStack(spacing: metrics.spacing * 2) {
                Text(current.feelsLike).lineLimit(1)
                extremes
            }
            extremes
        }
        .font(metrics.body)
    }

    private var extremes: some View {
        Text(current.highLow).lineLimit(1).foregroundStyle(current.isTodaysExtreme ? .red : .black)
    }
}
