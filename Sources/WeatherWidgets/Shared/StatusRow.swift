import InkUI

/// The data's time, or its age and why it is old, with a clock or a warning sign.
struct StatusRow: View {
    let status: StatusLine
    let metrics: PanelScale

    var body: some View {
        HStack(spacing: metrics.length(3)) {
            Icon(status.isWarning ? .warning : .clock, size: metrics.length(12, minimum: 10))
            Text(status.text).lineLimit(1)
        }
        .font(status.isWarning ? metrics.caption.bold() : metrics.caption)
    }
}
