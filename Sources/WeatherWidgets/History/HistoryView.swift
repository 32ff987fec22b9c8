import InkUI

/// The history widget: per sensor its row, its last 24 hours as a chart with gaps where nothing was
/// measured, and today's high and low with their times; then rain and gusts, and the week's bars.
struct HistoryView: View {
    let entry: HistoryEntry

    var body: some View {
        let metrics = entry.metrics
        let model = entry.model
        VStack(alignment: .leading, spacing: metrics.spacing) {
            HeaderRow(title: model.title, trailing: model.chartTitle, compactTrailing: model.compactChartTitle, metrics: metrics)
            Divider()
            if let message = model.message {
                MessageBlock(text: message, metrics: metrics)
            } else {
                let layout = entry.layout
                // At most two, written out: a ForEach here allocated on every frame.
                if let first = entry.charted.first {
                    SensorHistoryView(sensor: first, layout: layout, metrics: metrics)
                }
                if entry.charted.count > 1 {
                    SensorHistoryView(sensor: entry.charted[1], layout: layout, metrics: metrics)
                }
                if !entry.listedRows.isEmpty {
                    SensorListView(rows: entry.listedRows[...], metrics: metrics)
                }
                if layout.showsRain, let rain = model.rain {
                    LabelledLine(symbol: .umbrella, text: rain, compactText: model.compactRain, metrics: metrics)
                }
                if layout.showsGust, let gust = model.gust {
                    LabelledLine(symbol: .wind, text: gust, compactText: model.compactGust, metrics: metrics)
                }
                if layout.showsWeek, let week = model.sensors.first?.week {
                    WeekBarsView(week: week, metrics: metrics)
                }
            }
            Spacer(minLength: 0)
        }
        .padding(metrics.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// An icon and a line of text: the full form, else the compact one, else the compact one on two lines.
private struct LabelledLine: View {
    let symbol: Symbol
    let text: String
    let compactText: String?
    let metrics: PanelScale

    var body: some View {
        HStack(spacing: metrics.length(3)) {
            Icon(symbol, size: metrics.inlineIcon)
            ViewThatFits(in: .horizontal) {
                Text(text).lineLimit(1)
                Text(compactText ?? text).lineLimit(1)
                Text(compactText ?? text).lineLimit(2)
            }
            .font(metrics.body)
        }
    }
}

/// One sensor: its row, the chart of its last 24 hours (temperature, and humidity beside it where asked),
/// today's high and low.
private struct SensorHistoryView: View {
    let sensor: HistoryModel.Sensor
    let layout: HistoryLayout
    let metrics: PanelScale

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.length(2)) {
            SensorListView(rows: sensor.rows[...], metrics: metrics)
            HStack(spacing: metrics.spacing) {
                chart(sensor.temperatures, high: sensor.chartHigh, low: sensor.chartLow)
                if layout.showsHumidity, sensor.humidities.contains(where: { $0 != nil }) {
                    chart(sensor.humidities, high: "100%", low: "0%", minimum: 0, maximum: 100)
                }
            }
            .frame(height: layout.chartHeight)
            if let todayHighLow = sensor.todayHighLow {
                FittingText(text: todayHighLow, compactText: sensor.compactTodayHighLow).font(metrics.caption)
            }
        }
    }

    private func chart(_ values: [Double?], high: String, low: String, minimum: Double? = nil, maximum: Double? = nil) -> some View {
        HStack(spacing: metrics.length(4)) {
            VStack(alignment: .trailing, spacing: 0) {
                Text(high)
                Spacer(minLength: 0)
                Text(low)
            }
            .font(metrics.caption)
            // Inset from the box, so the highest and lowest stretches do not merge into its edges.
            Chart(values, style: .line(width: max(1, metrics.length(2))), minimum: minimum, maximum: maximum)
                .padding(.vertical, max(2, metrics.length(3)))
                .border(.lightGray)
        }
    }
}

/// The week's daily ranges as floating bars (the high's bar with the low's cut away), grey where the day
/// was only partly measured, a day name and its range under each.
private struct WeekBarsView: View {
    let week: HistoryModel.Week
    let metrics: PanelScale

    var body: some View {
        VStack(spacing: metrics.length(2)) {
            ZStack {
                bars(week.highs)
                bars(week.partlyCoveredHighs).foregroundStyle(.lightGray)
                bars(week.lows).foregroundStyle(.white)
            }
            .frame(height: metrics.length(32))
            HStack(spacing: 0) {
                // Over the elements, capturing only the metrics: a ForEach over indices, or one whose content
                // captures the whole view, allocates on every frame.
                ForEach(week.days, id: \.self) { [metrics] day in
                    VStack(spacing: 0) {
                        Text(day.label).lineLimit(1)
                        Text(day.range).lineLimit(1)
                    }
                    .font(metrics.caption).frame(maxWidth: .infinity)
                }
            }
        }
    }

    private func bars(_ values: [Double?]) -> some View {
        Chart(values, style: .bars(spacing: metrics.length(36)), minimum: week.minimum, maximum: week.maximum)
    }
}
