#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubDisplays
import HubSystem
import InkWidgets
import HubWeb

/// The status page as one HTML document (no scripts; its style and frames from the hub itself): a card
/// per screen with its frame at its own pixel size, its devices and its widgets' next entries, the sensors'
/// last 24 hours as charts the hub draws (gaps left blank), then the hub's sections. It reloads itself
/// every minute.
struct StatusPageHTML {
    /// Where the header leads to the settings.
    enum SettingsLink {
        /// No signed-in pages are served.
        case none
        /// The pages are read-only until a password is set: the header says how.
        case noPassword
        case signIn
    }

    let model: StatusPageModel
    let report: DisplaysReport
    let now: Date
    let settings: SettingsLink

    func render() -> String {
        var cards: [String] = []
        if let panel = model.panel {
            let image = panel.showsFrame
                ? "<img src=\"/status/panel.png\" alt=\"The wired panel's frame\">"
                : "<p class=\"empty\">No frame yet.</p>"
            cards.append(card(title: panel.name, subtitle: "wired panel", image: image, devices: "", widgets: panel.widgets))
        }
        for display in report.displays {
            let image = display.image == nil
                ? "<p class=\"empty\">No frame yet.</p>"
                : "<img src=\"/status/displays/\(escape(display.id)).png?v=\(escape(display.image ?? ""))\" alt=\"Display \(escape(display.id))\">"
            let subtitle = "\(display.kind.rawValue) · \(display.width)×\(display.height) · \(display.depth)-bit"
                + (display.rotation == 0 ? "" : " · rotated \(display.rotation)°") + " · devices wake in \(RelativeTimeText.span(seconds: display.refreshRate))"
            cards.append(card(title: display.id, subtitle: subtitle, image: image, devices: devices(display.devices), widgets: display.widgets))
        }
        let pending = report.pending.isEmpty ? "" : """
            <section class="card"><h2>Devices waiting for approval</h2><table><tr><th>Device</th><th>Seen</th><th>Approve with</th></tr>
            \(report.pending.map { "<tr><td>\(escape($0.device.mac))</td><td>\(RelativeTimeText.relative($0.telemetry.lastSeen, now: now))</td><td><code>weatherctl displays approve \(escape($0.device.mac))</code></td></tr>" }.joined())
            </table></section>
            """
        let sections = model.sections.map { section in
            "<section class=\"card\"><h2>\(escape(section.title))</h2><table>"
                + section.rows.map { "<tr><th>\(escape($0.label))</th><td>\(escape($0.value))</td></tr>" }.joined()
                + "</table></section>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="refresh" content="60"><title>\(escape(model.title))</title><link rel="stylesheet" href="/status.css"></head>
            <body><header><h1>\(escape(model.title))</h1><p>Read-only status · \(escape(CivilTime.iso8601(now, withFraction: false)))\(settingsLink)</p></header>
            <main>\(cards.joined())\(pending)\(sensorCharts())\(sections)</main></body></html>
            """
    }

    /// A row per sensor: its name and quantity, its chart, its range.
    private func sensorCharts() -> String {
        guard !model.sensorCharts.isEmpty else { return "" }
        let rows = model.sensorCharts.map { chart in
            let svg = SensorChartSVG(chart: chart)
            return "<tr><th>\(escape(chart.title))</th><td class=\"chart\">\(svg.render())</td><td>\(svg.rangeText ?? "no readings")</td></tr>"
        }.joined()
        return "<section class=\"card\"><h2>Sensors, last 24 hours</h2><table>\(rows)</table></section>"
    }

    private func card(title: String, subtitle: String, image: String, devices: String, widgets: [WidgetStatus]) -> String {
        let rows = widgets.map { status in
            let schedule = status.schedule
            let state = schedule.lastError.map { "failing: \(escape($0))" } ?? (schedule.showsPlaceholder ? "placeholder" : "ok")
            return "<tr><td>\(escape(status.info.id.rawValue))</td><td>\(escape(status.info.kind)) · \(escape(status.info.family.rawValue))</td>"
                + "<td>\(schedule.nextEntryDate.map(until) ?? "–")</td><td>\(schedule.nextReloadDate.map(until) ?? "on request")</td><td>\(state)</td></tr>"
        }.joined()
        return """
            <section class="card"><h2>\(escape(title))</h2><p class="sub">\(escape(subtitle))</p><div class="frame">\(image)</div>\(devices)
            <table><tr><th>Widget</th><th>Kind</th><th>Next entry</th><th>Next reload</th><th>State</th></tr>\(rows)</table></section>
            """
    }

    private func devices(_ devices: [DeviceStatus]) -> String {
        guard !devices.isEmpty else { return "" }
        let rows = devices.map { device -> String in
            let seen = device.telemetry
            let cells: [String] = [
                "\(escape(device.device.mac))<br><small>\(escape(device.friendlyID))</small>",
                seen.map { RelativeTimeText.relative($0.lastSeen, now: now) } ?? "not since start",
                seen?.batteryText ?? "–",
                seen?.signalText ?? "–",
                escape(seen?.firmware ?? "–"),
                seen?.nextWake.map(until) ?? "–",
            ]
            return "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
        }.joined()
        return "<table><tr><th>Device</th><th>Last seen</th><th>Battery</th><th>Wi-Fi</th><th>Firmware</th><th>Next wake</th></tr>\(rows)</table>"
    }

    private var settingsLink: String {
        switch settings {
        case .none: ""
        case .noPassword: " · to change settings here, set a password on the hub: <code>weatherctl web password</code>"
        case .signIn: " · <a href=\"/settings\">Settings</a>"
        }
    }

    private func until(_ date: Date) -> String {
        date <= now ? "due" : RelativeTimeText.relative(date, now: now)
    }

    private func escape(_ text: String) -> String {
        MarkupText.escape(text)
    }

    static let style = """
        body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#f3f2ee;color:#1d1d1b}\
        header{padding:16px 24px;background:#1d1d1b;color:#f3f2ee}header h1{margin:0;font-size:22px}header p{margin:4px 0 0;opacity:.7}\
        main{display:flex;flex-wrap:wrap;gap:20px;padding:20px;align-items:flex-start}\
        .card{background:#fff;border-radius:10px;box-shadow:0 1px 4px #0002;padding:16px;max-width:100%;overflow-x:auto}\
        .card h2{margin:0;font-size:18px}.sub{margin:2px 0 12px;color:#666}\
        .frame img{display:block;image-rendering:pixelated;border:1px solid #bbb;max-width:100%}\
        .empty{padding:40px;border:1px dashed #bbb;color:#888}\
        table{border-collapse:collapse;margin-top:12px;font-size:13px}th,td{text-align:left;padding:3px 10px 3px 0;vertical-align:top}\
        th{color:#555;font-weight:600}code{background:#eee;color:#1d1d1b;padding:1px 4px;border-radius:4px}\
        header a{color:#f3f2ee;font-weight:600}.chart svg{display:block;background:#f7f6f2}
        """
}
