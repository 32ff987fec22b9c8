import EPaper
import Foundation
import HubControl
import HubHTTP
import HubSystem
import HubWeb
import Sensors
import WeatherInfoKit
import WeatherWidgets

/// The status page's view of the hub: the wired panel's frame and widgets, the weather provider, the
/// sensor intake and the sensors' last 24 hours, from the same parts `weatherctl status` reads.
struct StatusPageSource: Sendable {
    let status: StatusReporter
    let frames: PanelFrameSink

    func model() async -> StatusPageModel {
        let service = await status.status()
        let now = status.data.now()
        var weatherRows: [(label: String, value: String)] = [("Provider", service.weather.provider)]
        if let calls = service.weather.callsTodayText { weatherRows.append(("Calls today", calls)) }
        for location in service.weather.locations {
            let state = location.fault.map { "failing: \($0.message(from: service.weather.kind))" }
                ?? location.lastSuccess.map { "data \(RelativeTimeText.age(since: $0, now: now)) old" } ?? "not fetched yet"
            weatherRows.append((location.location.displayName, state))
        }
        var sections = [StatusPageModel.Section(title: "Weather", rows: weatherRows)]
        if let refreshes = service.panel?.recentRefreshes, !refreshes.isEmpty {
            sections.append(StatusPageModel.Section(
                title: "The panel's last refreshes",
                rows: refreshes.map { record in
                    let who = record.userInitiated ? ", asked for" : ""
                    // No-break spaces: "3 min ago" stays on one line on a phone.
                    let when = RelativeTimeText.relative(record.at, now: now).replacingOccurrences(of: " ", with: "\u{00A0}")
                    return (when, "\(record.kind.rawValue)\(who), \(ReportNumber.format(record.duration.timeInterval, digits: 1)) s: \(record.reason)")
                }))
        }
        if let sensors = service.sensors {
            var rows: [(label: String, value: String)] = sensors.broker.map { [("MQTT broker", "\($0), \(sensors.brokerState ?? "?")")] } ?? []
            rows.append(("Known sensors", "\(sensors.knownSensors)"))
            if let error = sensors.lastError { rows.append(("Last error", error)) }
            sections.append(StatusPageModel.Section(title: "Sensors", rows: rows))
        }
        return StatusPageModel(
            title: "WeatherHub · \(service.location.displayName)",
            panel: service.panel.map { StatusPageModel.Panel(name: $0.panel, showsFrame: frames.latestFrame != nil, widgets: service.widgets) },
            sections: sections, sensorCharts: await sensorCharts(at: now))
    }

    /// Each sensor's last 24 hours of its main quantity, those with a role first; a sensor whose history
    /// cannot be read is left out.
    private func sensorCharts(at now: Date) async -> [SensorChart] {
        guard let store = status.sensors?.store else { return [] }
        let sensors = await store.snapshots().sorted { ($0.role == nil ? 1 : 0) < ($1.role == nil ? 1 : 0) }
        var charts: [SensorChart] = []
        for sensor in sensors.prefix(SensorChart.pageLimit) {
            if let chart = await SensorChart.lastDay(of: sensor, in: store, at: now) { charts.append(chart) }
        }
        return charts
    }
}
