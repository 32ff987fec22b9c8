import InkUI

/// Feels like, high and low, humidity and wind; values from a local sensor carry an antenna mark.
struct CurrentDetailsView: View {
    let current: WeatherPanelModel.Current
    let metrics: PanelScale
    /// One item per line (narrow regions) rather than two per line.
    let stacked: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.length(2)) {
            if stacked {
                Text(current.feelsLike).lineLimit(1)
                Text(current.highLow).lineLimit(1)
                humidity
                wind
            } else {
                Text(current.feelsLikeAndHighLow).lineLimit(1)
                HStack(spacing: metrics.length(6)) {
                    humidity
                    wind
                }
            }
        }
        .font(metrics.body)
    }

    private var humidity: some View {
        HStack(spacing: metrics.length(2)) {
            Icon(.droplet, size: metrics.length(14, minimum: 10))
            Text(current.humidity).lineLimit(1).fixedSize()
            if current.humidityFromSensor {
                Icon(.antenna, size: metrics.markIcon)
            }
        }
    }

    private var wind: some View {
        HStack(spacing: metrics.length(2)) {
            if let degrees = current.windArrowDegrees {
                Icon(.windArrow, size: metrics.length(14, minimum: 10), rotation: .degrees(degrees))
            } else {
                Icon(.wind, size: metrics.length(14, minimum: 10))
            }
            Text(current.wind).lineLimit(1)
            if current.windFromSensor {
                Icon(.antenna, size: metrics.markIcon)
            }
        }
    }
}
