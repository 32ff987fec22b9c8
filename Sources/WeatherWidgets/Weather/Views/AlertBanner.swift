import InkUI

/// An official warning: a warning sign, the headline in bold and its validity, in red on colour panels.
struct AlertBanner: View {
    let alert: WeatherPanelModel.Alert
    let metrics: PanelScale

    var body: some View {
        // One line where the validity fits beside the headline, else the validity on a line of its own.
        ViewThatFits(in: .horizontal) {
            HStack(alignment: .center, spacing: metrics.length(4)) {
                headline
                validity
            }
            VStack(alignment: .leading, spacing: 0) {
                headline
                validity.padding(.leading, metrics.rowIcon + metrics.length(4))
            }
        }
        .foregroundStyle(.red)
    }

    private var headline: some View {
        HStack(alignment: .center, spacing: metrics.length(4)) {
            Icon(.warning, size: metrics.rowIcon)
            Text(alert.headline).font(metrics.bodyBold).lineLimit(1)
        }
    }

    /// "until 22:00", and "+1 more" where it fits.
    @ViewBuilder private var validity: some View {
        if let more = alert.more {
            ViewThatFits(in: .horizontal) {
                HStack(alignment: .firstTextBaseline, spacing: metrics.length(4)) {
                    until
                    Text(more).font(metrics.caption).lineLimit(1)
                }
                until
            }
            .layoutPriority(1)
        } else {
            until.layoutPriority(1)
        }
    }

    private var until: some View {
        Text(alert.validity).font(metrics.body).lineLimit(1)
    }
}

/// An alert on one line of small text, where the status line would be: the headline, and its validity
/// where it fits.
struct AlertLine: View {
    let alert: WeatherPanelModel.Alert
    let metrics: PanelScale

    var body: some View {
        HStack(spacing: metrics.length(3)) {
            Icon(.warning, size: metrics.length(12, minimum: 10))
            ViewThatFits(in: .horizontal) {
                Text("\(alert.headline) \(alert.validity)")
                Text(alert.headline)
            }
            .lineLimit(1)
        }
        .font(metrics.caption.bold())
        .foregroundStyle(.red)
    }
}
