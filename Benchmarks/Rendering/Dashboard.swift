import InkUI

/// A realistic extra-large weather dashboard built with InkUI only: text in five sizes (12, 16, 20, 28
/// and 72 pixels), vector icons, a line chart and a bar chart.
struct Dashboard: View {
    let model: DashboardModel

    var body: some View {
        VStack(spacing: 0) {
            header
            HStack(alignment: .top, spacing: 12) {
                current.frame(width: 360, alignment: .leading)
                charts
            }
            .padding(12)
            Divider()
            hourly.padding(.vertical, 6)
            Divider()
            HStack(alignment: .top, spacing: 8) {
                forecast
                Divider()
                sensors.frame(width: 250)
            }
            .padding(8)
            Spacer(minLength: 0)
            footer
        }
    }

    private var header: some View {
        HStack(spacing: 8) {
            Text(model.city).font(.system(size: 28, weight: .bold))
            Spacer()
            Text(model.date).font(.system(size: 16))
            Icon(.clock, size: 20)
            Text(model.time).font(.system(size: 20, weight: .bold).monospacedDigit())
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 4)
        .inverted()
    }

    private var current: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack(spacing: 10) {
                Icon(model.symbol, size: 96)
                VStack(alignment: .leading, spacing: 0) {
                    Text(model.temperature).font(.system(size: 72, weight: .bold).monospacedDigit())
                    Text(model.condition).font(.system(size: 20))
                }
            }
            HStack(spacing: 16) {
                VStack(alignment: .leading, spacing: 4) {
                    detail(.thermometer, model.feelsLike)
                    detail(.droplet, model.humidity)
                    HStack(spacing: 6) {
                        Icon(.windArrow, size: 16, rotation: .degrees(model.windDegrees))
                        Text(model.wind)
                    }
                }
                VStack(alignment: .leading, spacing: 4) {
                    detail(.gauge, model.pressure)
                    detail(.sunrise, model.sunrise)
                    detail(.sunset, model.sunset)
                }
            }
            .font(.system(size: 16))
        }
    }

    private func detail(_ symbol: Symbol, _ text: String) -> some View {
        HStack(spacing: 6) {
            Icon(symbol, size: 16)
            Text(text)
        }
    }

    private var charts: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("Next 24 hours").font(.system(size: 16, weight: .bold))
            HStack(spacing: 4) {
                VStack(alignment: .trailing) {
                    Text(model.chartHigh)
                    Spacer()
                    Text(model.chartLow)
                }
                .font(.system(size: 12))
                Chart(model.temperatures).border(.black)
            }
            .frame(height: 96)
            Text("Precipitation").font(.system(size: 12))
            Chart(model.precipitation, style: .bars(spacing: 2)).foregroundColor(.darkGray).frame(height: 36)
        }
    }

    private var hourly: some View {
        HStack(spacing: 0) {
            ForEach(model.hours, id: \.time) { hour in
                VStack(spacing: 2) {
                    Text(hour.time).font(.system(size: 12))
                    Icon(hour.symbol, size: 32)
                    Text(hour.temperature).font(.system(size: 16, weight: .bold))
                }
                .frame(maxWidth: .infinity)
            }
        }
    }

    private var forecast: some View {
        HStack(spacing: 0) {
            ForEach(model.days, id: \.name) { day in
                VStack(spacing: 2) {
                    Text(day.name).font(.system(size: 16, weight: .bold))
                    Icon(day.symbol, size: 40)
                    Text(day.range).font(.system(size: 12))
                }
                .frame(maxWidth: .infinity)
            }
        }
    }

    private var sensors: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(model.readings, id: \.name) { reading in
                HStack(spacing: 6) {
                    Icon(reading.indoor ? .house : .antenna, size: 16)
                    Text(reading.name).lineLimit(1)
                    Spacer(minLength: 4)
                    if reading.batteryLow { Icon(.batteryLow, size: 16) }
                    Text(reading.value).font(.system(size: 16, weight: .bold))
                }
            }
        }
        .font(.system(size: 16))
    }

    private var footer: some View {
        HStack(spacing: 6) {
            Icon(.antenna, size: 12)
            Text(model.footer)
            Spacer()
            Text(model.date)
        }
        .font(.system(size: 12))
        .padding(.horizontal, 12)
        .padding(.bottom, 4)
    }
}
