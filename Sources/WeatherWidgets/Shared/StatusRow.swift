import InkUI

/// The data's time, or its age and why it is old, with a clock or a warning sign.
struct StatusRow: View {
    let status: StatusLine
    let metrics: PanelScale

    var body: some View {
        HStack(spacing: metrics.length(3)) {
            Icon(status.isWarning ? .warning : .clock, size: metrics.length(12, minimum: 10))
            // Fewer words, then more lines on narrow regions: the age and the reason are both what the
            // reader needs.
            ViewThatFits(in: .horizontal) {
                Text(status.text).lineLimit(1)
                Text(status.compactText ?? status.text).lineLimit(3)
            }
        }
        .font(status.isWarning ? metrics.caption.bold() : metrics.caption)
    }
}
