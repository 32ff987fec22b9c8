import EPaper
import Foundation
import HubControl
import HubHTTP
import HubSystem
import WeatherInfoKit

/// The status page's view of the hub: the wired panel's frame and widgets, the weather provider and the
/// sensor intake, from the same parts `weatherctl status` reads.
struct StatusPageSource: Sendable {
    let status: StatusReporter
    let frames: PanelFrameSink

    func model() async -> StatusPageModel {
        let service = await status.status()
        var weatherRows: [(label: String, value: String)] = [
            ("Provider", service.weather.provider),
            ("Calls today", "\(service.weather.callsToday) of \(service.weather.dailyCallLimit)"),
        ]
        for location in service.weather.locations {
            let state = location.fault.map { "failing: \($0.message(from: service.weather.kind))" }
                ?? location.lastSuccess.map { "fetched \(CivilTime.iso8601($0, withFraction: false))" } ?? "not fetched yet"
            weatherRows.append((location.location.displayName, state))
        }
        var sections = [StatusPageModel.Section(title: "Weather", rows: weatherRows)]
        if let sensors = service.sensors {
            var rows: [(label: String, value: String)] = sensors.broker.map { [("MQTT broker", "\($0), \(sensors.brokerState ?? "?")")] } ?? []
            rows.append(("Known sensors", "\(sensors.knownSensors)"))
            if let error = sensors.lastError { rows.append(("Last error", error)) }
            sections.append(StatusPageModel.Section(title: "Sensors", rows: rows))
        }
        return StatusPageModel(
            title: "WeatherHub · \(service.location.displayName)",
            panel: service.panel.map { StatusPageModel.Panel(name: $0.panel, showsFrame: frames.latestFrame != nil, widgets: service.widgets) },
            sections: sections)
    }
}
