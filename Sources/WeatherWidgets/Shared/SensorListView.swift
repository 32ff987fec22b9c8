import InkUI

/// Local sensor readings, one per row: name, values, age, low battery and stale marks.
struct SensorListView: View {
    let rows: ArraySlice<SensorRow>
    let metrics: PanelScale

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.length(3)) {
            ForEach(rows, id: \.self) { [metrics] row in
                if metrics.isPortrait {
                    // Narrow regions: the values get a line of their own, under the name.
                    VStack(alignment: .leading, spacing: 0) {
                        HStack(alignment: .center, spacing: metrics.length(4)) {
                            Icon(row.symbol, size: metrics.rowIcon)
                            Text(row.name).font(metrics.body).lineLimit(1)
                            Spacer(minLength: metrics.length(4))
                            Self.marks(row, metrics: metrics)
                        }
                        Text(row.values).font(metrics.title).lineLimit(1)
                            .padding(.leading, metrics.rowIcon + metrics.length(4))
                    }
                } else {
                    HStack(alignment: .center, spacing: metrics.length(4)) {
                        Icon(row.symbol, size: metrics.rowIcon)
                        Text(row.name).font(metrics.body).lineLimit(1).frame(minWidth: metrics.length(36), alignment: .leading)
                        Spacer(minLength: metrics.length(4))
                        // The temperature alone where the humidity does not fit beside it.
                        ViewThatFits(in: .horizontal) {
                            Text(row.values)
                            Text(row.compactValues)
                        }
                        .font(metrics.bodyBold).lineLimit(1).layoutPriority(1)
                        Self.marks(row, metrics: metrics)
                    }
                }
            }
        }
    }

    /// The age, then the low-battery and stale marks.
    @ViewBuilder
    private static func marks(_ row: SensorRow, metrics: PanelScale) -> some View {
        Text(row.age).font(metrics.caption).lineLimit(1).fixedSize().layoutPriority(2)
        if row.batteryLow {
            Icon(.batteryLow, size: metrics.rowIcon)
        }
        if row.isStale {
            Icon(.warning, size: metrics.rowIcon)
        }
    }
}
