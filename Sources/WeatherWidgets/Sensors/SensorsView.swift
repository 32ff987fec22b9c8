import InkUI

/// The sensors widget: a title with the time, then one row per sensor, outdoor first.
struct SensorsView: View {
    let entry: SensorsEntry

    var body: some View {
        let metrics = entry.metrics
        VStack(alignment: .leading, spacing: metrics.spacing) {
            HeaderRow(title: entry.title, trailing: entry.timeText, metrics: metrics)
            Divider()
            if let message = entry.message {
                MessageBlock(text: message, metrics: metrics)
            } else {
                SensorListView(rows: entry.rows.prefix(entry.rowCount), metrics: metrics)
                if let moreText = entry.moreText {
                    Text(moreText).font(metrics.caption)
                }
            }
            Spacer(minLength: 0)
        }
        .padding(metrics.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
