#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkUI
import InkWidgets
import Sensors

/// Feeds the sensors widget from the sensor store. Entries follow the ages (every ten minutes for an
/// hour) and the moments readings go stale; the service reloads the widget when a reading changes.
struct SensorsTimelineProvider: TimelineProvider {
    let data: WidgetDataContext

    func placeholder(in context: Context) -> SensorsEntry {
        let rows = (0..<4).map { index in
            SensorRow(
                name: "Sensor name", symbol: index == 0 ? .antenna : .house, values: "20.0 °C  50 %", compactValues: "20.0 °C",
                age: "1 min", isStale: false, batteryLow: false)
        }
        return entry(rows: rows, message: nil, clock: "00:00", context: context, at: data.now())
    }

    func snapshot(in context: Context) async -> SensorsEntry {
        let now = data.now()
        return entry(await data.sensors?.shownSnapshots(), context: context, at: now)
    }

    func timeline(in context: Context) async -> Timeline<SensorsEntry> {
        let now = data.now()
        let snapshots = await data.sensors?.shownSnapshots()
        var dates = (1...6).map { now + Double($0) * 600 }
        for snapshot in snapshots ?? [] {
            for value in snapshot.values.values where !value.ageUnknown {
                dates.append(value.observedAt + snapshot.staleAfter.timeInterval + 1)
            }
        }
        let upcoming = Set(dates.filter { $0 > now && $0 <= now + 86_400 }).sorted()
        let entries = ([now] + upcoming).map { entry(snapshots, context: context, at: $0) }
        return Timeline(entries: entries, policy: .atEnd)
    }

    private func entry(_ snapshots: [SensorSnapshot]?, context: Context, at date: Date) -> SensorsEntry {
        let display = data.effectiveDisplay
        let format = PanelFormatter(display: display)
        let locale = format.locale
        let clock = format.time(date, in: display.timeZone)
        guard let snapshots else {
            return entry(rows: [], message: locale.noSensorsConfigured, clock: clock, context: context, at: date)
        }
        let rows = SensorRow.rows(from: snapshots, format: format, at: date)
        return entry(rows: rows, message: rows.isEmpty ? locale.noSensorReadings : nil, clock: clock, context: context, at: date)
    }

    private func entry(rows: [SensorRow], message: String?, clock: String, context: Context, at date: Date) -> SensorsEntry {
        let size = context.displaySize
        let portrait = size.height > size.width
        // A row (icon, name, value, age) needs about 190 px at scale 1, whatever the orientation.
        let natural: (width: Double, height: Double) = portrait ? (190, 150) : (296, 128)
        let metrics = PanelScale(scale: PanelScale.fitting(natural, in: size), isPortrait: portrait)
        let rowHeight = Double(metrics.length(portrait ? 38 : 22))
        let available = Double(size.height) - Double(metrics.length(50))
        let rowCount = max(1, Int(available / rowHeight))
        let locale = data.effectiveDisplay.language.locale
        return SensorsEntry(
            date: date, title: locale.sensorsTitle, timeText: clock, rows: rows, message: message, metrics: metrics,
            rowCount: rowCount, moreText: rows.count > rowCount ? locale.fill(locale.more, String(rows.count - rowCount)) : nil)
    }
}
