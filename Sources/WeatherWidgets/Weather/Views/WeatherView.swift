import InkWidgets
import InkUI

/// The weather widget in every family. The layout decides the scale and which sections fit the region;
/// without any data the widget says why instead of showing an empty area.
struct WeatherView: View {
    let entry: WeatherEntry

    private var model: WeatherPanelModel { entry.model }
    private var layout: WeatherLayout { entry.layout }
    private var metrics: PanelScale { entry.layout.metrics }

    var body: some View {
        VStack(alignment: .leading, spacing: metrics.spacing) {
            header
            if layout.shows(.alert), let alert = model.alert {
                AlertBanner(alert: alert, metrics: metrics)
            }
            if layout.family == .small {
                Spacer(minLength: 0)
            }
            if let current = model.current {
                if metrics.isPortrait {
                    portrait(current)
                } else {
                    landscape(current)
                }
            } else {
                MessageBlock(text: model.message ?? model.status.text, metrics: metrics)
                if layout.shows(.days), !model.days.isEmpty {
                    days()
                }
            }
            Spacer(minLength: 0)
            if let alert = bottomAlert {
                AlertLine(alert: alert, metrics: metrics)
            } else {
                StatusRow(status: model.status, metrics: metrics)
            }
        }
        .padding(metrics.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    @ViewBuilder private var header: some View {
        if layout.family == .extraLarge {
            HeaderRow(
                title: model.city, trailing: layout.headerShowsDate ? model.dateAndTimeText : model.timeText,
                compactTrailing: model.compactTimeText.map { layout.headerShowsDate ? "\(model.dateText)  \($0)" : $0 }, metrics: metrics)
                .padding(.horizontal, metrics.padding)
                .padding(.vertical, metrics.length(2))
                .inverted()
        } else {
            HeaderRow(title: model.city, trailing: model.timeText, compactTrailing: model.compactTimeText, metrics: metrics)
        }
    }

    /// The hero, the felt temperature and today's extremes, and the details under them.
    private func conditions(_ current: WeatherPanelModel.Current) -> some View {
        VStack(alignment: .leading, spacing: metrics.spacing) {
            CurrentHeroView(current: current, alert: heroAlert, metrics: metrics)
            FeelsAndExtremesView(current: current, metrics: metrics)
            DetailsView(rows: entry.detailRows, metrics: metrics)
        }
    }

    @ViewBuilder private func landscape(_ current: WeatherPanelModel.Current) -> some View {
        switch layout.family {
        case .small:
            HStack(alignment: .center, spacing: metrics.spacing * 2) {
                CurrentHeroView(current: current, alert: heroAlert, metrics: metrics)
                VStack(alignment: .leading, spacing: metrics.length(2)) {
                    Text(current.highLow).font(metrics.body).lineLimit(1)
                        .foregroundStyle(current.isTodaysExtreme ? .red : .black)
                    DetailsView(rows: entry.detailRows, metrics: metrics)
                }
            }
        case .medium, .large:
            HStack(alignment: .top, spacing: metrics.spacing) {
                conditions(current)
                if layout.shows(.hours), !model.hours.isEmpty {
                    Divider()
                    // The hours first: their chances of rain matter more than the indoor reading.
                    HoursView(hours: model.hours.prefix(layout.hourCount), metrics: metrics, asColumns: false)
                        .layoutPriority(1)
                }
            }
            if layout.shows(.days), !model.days.isEmpty {
                Divider()
                days()
            }
            if layout.shows(.chart) {
                TemperatureChartView(model: model, metrics: metrics)
                    .frame(maxHeight: .infinity)
            }
        case .extraLarge:
            HStack(alignment: .top, spacing: metrics.spacing * 3) {
                VStack(alignment: .leading, spacing: metrics.spacing) {
                    CurrentHeroView(current: current, alert: heroAlert, metrics: metrics)
                    FeelsAndExtremesView(current: current, metrics: metrics)
                }
                .layoutPriority(1)
                if layout.shows(.chart) {
                    TemperatureChartView(model: model, metrics: metrics)
                        .frame(maxWidth: .infinity, maxHeight: metrics.length(100))
                }
            }
            DetailsView(rows: entry.detailRows, metrics: metrics)
            if layout.shows(.hours), !model.hours.isEmpty {
                Divider()
                HoursView(hours: model.hours.prefix(layout.hourCount), metrics: metrics, asColumns: true)
            }
            let showsDays = layout.shows(.days) && !model.days.isEmpty
            let showsSensors = layout.shows(.sensors) && !model.sensors.isEmpty
            if layout.sensorsBesideDays, showsDays, showsSensors {
                Divider()
                // The sensors first get the room a row needs, the days the rest.
                HStack(alignment: .top, spacing: metrics.spacing) {
                    days(.narrowColumns).frame(maxWidth: .infinity)
                    Divider()
                    sensors.frame(maxWidth: metrics.length(270)).layoutPriority(1)
                }
            } else {
                if showsDays {
                    Divider()
                    days()
                }
                if showsSensors {
                    Divider()
                    sensors
                }
            }
        }
    }

    /// Where an alert goes when its banner has no room: in place of a status line that only says the
    /// data is fresh, else in place of the condition.
    private var bottomAlert: WeatherPanelModel.Alert? {
        layout.alertInHero && !model.status.isWarning ? model.alert : nil
    }

    private var heroAlert: WeatherPanelModel.Alert? {
        layout.alertInHero && model.status.isWarning ? model.alert : nil
    }

    private func days(_ style: DaysView.Style? = nil) -> some View {
        DaysView(days: model.days.prefix(5), metrics: metrics, style: style ?? (metrics.isPortrait ? .rows : .columns))
    }

    private var sensors: some View {
        SensorListView(rows: model.sensors.prefix(layout.sensorCount), metrics: metrics)
    }

    @ViewBuilder private func portrait(_ current: WeatherPanelModel.Current) -> some View {
        conditions(current)
        if layout.shows(.hours), !model.hours.isEmpty {
            Divider()
            HoursView(hours: model.hours.prefix(layout.hourCount), metrics: metrics, asColumns: false)
        }
        if layout.shows(.days), !model.days.isEmpty {
            Divider()
            days()
        }
        if layout.shows(.chart) {
            TemperatureChartView(model: model, metrics: metrics)
                .frame(minHeight: metrics.length(56), maxHeight: .infinity)
        }
        if layout.shows(.sensors), !model.sensors.isEmpty {
            Divider()
            sensors
        }
    }
}
