import Foundation
import HubDisplays
import HubSystem

/// `weatherctl displays` as text for a terminal.
enum DisplaysText {
    static func render(_ report: DisplaysReport, now: Date) -> String {
        guard !report.displays.isEmpty || !report.pending.isEmpty else {
            return "No networked displays: add one under `displays:` in the configuration (see config/weatherhub.example.yaml)."
        }
        var table = TextTable(header: ["DISPLAY", "KIND", "SIZE", "IMAGE", "DEVICE", "LAST SEEN", "BATTERY", "WI-FI", "FIRMWARE", "NEXT WAKE"])
        var logs: [String] = []
        for display in report.displays {
            let shape = "\(display.width)×\(display.height) \(display.depth)-bit" + (display.rotation == 0 ? "" : " \(display.rotation)°")
            let image = display.image.map { "\($0) (\(display.composed.map { RelativeTimeText.relative($0, now: now) } ?? "?"))" } ?? "none yet"
            let devices = display.devices
            if devices.isEmpty {
                table.add([display.id, display.kind.rawValue, shape, image, display.kind == .trmnl ? "none approved" : "–", "", "", "", "", ""])
            }
            for device in devices {
                let seen = device.telemetry
                table.add([
                    display.id, display.kind.rawValue, shape, image, "\(device.device) \(device.friendlyID)",
                    seen.map { RelativeTimeText.relative($0.lastSeen, now: now) } ?? "not since start",
                    seen?.batteryText ?? "–",
                    seen?.signalText ?? "–",
                    seen?.firmware ?? "–",
                    seen?.nextWake.map { RelativeTimeText.relative($0, now: now) } ?? "–",
                ])
                if !device.log.isEmpty {
                    logs.append("Log of \(device.device) (newest last):\n" + device.log.map { "  \($0)" }.joined(separator: "\n"))
                }
            }
        }
        var text = table.render().trimmingCharacters(in: .newlines)
        for pending in report.pending {
            text += "\nWaiting: \(pending.device), seen \(RelativeTimeText.relative(pending.telemetry.lastSeen, now: now))"
                + (pending.telemetry.address.map { " from \($0)" } ?? "") + " — approve with `weatherctl displays approve \(pending.device)`"
        }
        if !logs.isEmpty { text += "\n\n" + logs.joined(separator: "\n\n") }
        return text
    }
}
