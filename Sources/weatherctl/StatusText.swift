import EPaper
import Foundation
import HubControl
import HubSystem
import InkUI
import InkWidgets
import WeatherInfoKit
import WeatherWidgets

/// `weatherctl status` and `weatherctl widgets` as text for a terminal.
enum StatusText {
    static func render(_ status: ServiceStatus, now: Date) -> String {
        var lines: [String] = []
        let service = status.service
        lines.append("Service    weatherhub \(service.version), pid \(service.processID), up \(RelativeTimeText.age(since: service.started, now: now))")
        lines.append("City       \(status.location.displayName)")
        if let panel = status.panel {
            lines.append(contentsOf: panelLines(panel, now: now))
        } else {
            lines.append("Panel      none (`panel: none`: networked displays only)")
        }
        lines.append(contentsOf: weatherLines(status.weather, label: "Weather", now: now))
        if let fallback = status.weather.fallback {
            lines.append(contentsOf: weatherLines(fallback, label: "Fallback", now: now))
        }
        if let sensors = status.sensors {
            let broker = sensors.broker.map { "MQTT \($0) \(sensors.brokerState ?? "?")" } ?? "no MQTT broker"
            let error = sensors.lastError.map { "; last error: \($0)" } ?? ""
            lines.append("Sensors    \(broker), \(sensors.knownSensors) known\(error)")
        } else {
            lines.append("Sensors    none configured")
        }
        if let web = status.web {
            let displays = web.displays.isEmpty ? "no networked display" : "displays \(web.displays.joined(separator: ", "))"
            let waiting = web.waitingDevices == 0 ? "" : ", \(web.waitingDevices) waiting (`weatherctl displays`)"
            let devices = web.approvedDevices == 1 ? "1 device" : "\(web.approvedDevices) devices"
            lines.append("Web        \(web.url), \(displays), \(devices)\(waiting)")
        }
        if let problem = status.sharedDefaultsProblem { lines.append("Warning    shared store: \(problem)") }
        lines.append("Widgets")
        lines.append(widgetTable(status.widgets, now: now))
        return lines.joined(separator: "\n")
    }

    static func widgetTable(_ widgets: [WidgetStatus], now: Date) -> String {
        let header = ["ID", "KIND", "FAMILY", "REGION", "NEXT ENTRY", "NEXT RELOAD", "BUDGET", "STATE"]
        var table = TextTable(header: header)
        for widget in widgets {
            let info = widget.info, schedule = widget.schedule
            let region = info.region
            let state = schedule.lastError.map { "error: \($0)" } ?? (schedule.showsPlaceholder ? "placeholder" : "ok")
            table.add([
                info.id.rawValue, info.kind, "\(info.family)",
                "\(region.size.width)×\(region.size.height)+\(region.origin.x)+\(region.origin.y)",
                schedule.nextEntryDate.map { RelativeTimeText.relative($0, now: now) } ?? "—",
                schedule.nextReloadDate.map { RelativeTimeText.relative($0, now: now) } ?? "—",
                "\(schedule.reloadBudgetRemaining)", state,
            ])
        }
        return table.render()
    }

    /// A provider's calls and places; a place another provider answers for says which and why.
    private static func weatherLines(_ weather: WeatherServiceStatus, label: String, now: Date) -> [String] {
        let key = weather.kind.needsKey ? "; key: \(weather.keySource ?? "none")" : ""
        var lines = [label.padding(toLength: 11, withPad: " ", startingAt: 0) + weather.provider + key]
        if let calls = weather.callsTodayText { lines.append("           calls today \(calls)") }
        for place in weather.locations {
            let fetched = place.lastSuccess.map { "data \(RelativeTimeText.age(since: $0, now: now)) old" } ?? "no data yet"
            let fault = place.fault.map { "; last error: \($0.message(from: weather.kind))" } ?? ""
            // A call allowed since a while waits for the widgets' next reload: it is due, not in the past.
            let next = place.nextAllowedCall > now ? RelativeTimeText.relative(place.nextAllowedCall, now: now) : "due now"
            lines.append("           \(place.location.displayName): \(fetched)\(fault); next call \(next)")
            if let standIn = place.answeredBy {
                let reason = place.fault.map { " (\($0.panelLine()))" } ?? ""
                lines.append("           \(place.location.displayName): \(standIn.displayName) answers while \(weather.kind.displayName) fails\(reason)")
            }
        }
        return lines
    }

    private static func panelLines(_ panel: PanelStatus, now: Date) -> [String] {
        var lines = ["Panel      \(panel.panel) \(panel.frameSize.width)×\(panel.frameSize.height)"]
        if let last = panel.lastRefresh {
            lines.append("           last refresh \(RelativeTimeText.age(since: last.at, now: now)) ago: \(last.kind), \(String(format: "%.2f", last.duration.timeInterval)) s (\(last.reason))")
        } else {
            lines.append("           no refresh yet")
        }
        let counters = panel.counters
        lines.append("           \(counters.fullRefreshes) full, \(counters.partialRefreshes) partial, \(counters.fastRefreshes) fast refreshes; \(counters.failures) failures")
        if let error = panel.lastError { lines.append("           last error: \(error.message); retry \(RelativeTimeText.relative(error.retryAt, now: now))") }
        if let waiting = panel.waitingSince, let next = panel.nextRefreshAt {
            lines.append("           a frame waits since \(RelativeTimeText.relative(waiting, now: now)), due \(RelativeTimeText.relative(next, now: now))")
        }
        return lines
    }
}
