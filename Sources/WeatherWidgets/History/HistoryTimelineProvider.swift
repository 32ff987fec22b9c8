#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkUI
import InkWidgets
import Sensors

/// Feeds the history widget from the sensor store: the outdoor sensor and the indoor one (else the first
/// rooms). Entries follow the chart's half-hour slots for six hours and the local midnight; the service
/// reloads the widget when a reading arrives, and a frame that draws the same costs no refresh.
struct HistoryTimelineProvider: TimelineProvider {
    let data: WidgetDataContext

    func placeholder(in context: Context) -> HistoryEntry {
        entry(model: HistoryModel(nil, display: data.effectiveDisplay, at: data.now()), context: context, at: data.now())
    }

    func snapshot(in context: Context) async -> HistoryEntry {
        let now = data.now()
        return entry(model: HistoryModel(await read(at: now), display: data.effectiveDisplay, at: now), context: context, at: now)
    }

    func timeline(in context: Context) async -> Timeline<HistoryEntry> {
        let now = data.now()
        let read = await read(at: now)
        let display = data.effectiveDisplay
        let firstSlot = HistoryChart.end(at: now)
        var dates = (0..<12).map { firstSlot + Double($0) * HistoryChart.slotWidth }
        dates.append(display.timeZone.start(ofLocalDay: display.timeZone.localDay(at: now) + 1))
        let upcoming = Set(dates.filter { $0 > now }).sorted()
        let entries = ([now] + upcoming).map { date in
            entry(model: HistoryModel(read, display: display, at: date), context: context, at: date)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }

    /// The sensors to show, outdoor first, with their history; `nil` without a sensor store.
    private func read(at now: Date) async -> [SensorHistoryData]? {
        guard let store = data.sensors else { return nil }
        let chosen = Self.sensors(from: await store.shownSnapshots())
        var read: [SensorHistoryData] = []
        for snapshot in chosen {
            read.append(await SensorHistoryData.read(snapshot, from: store, timeZone: data.display.timeZone, at: now))
        }
        return read
    }

    /// The outdoor sensor, then the indoor one, then rooms, then the rest that measure a temperature:
    /// at most two.
    static func sensors(from snapshots: [SensorSnapshot]) -> [SensorSnapshot] {
        func rank(_ snapshot: SensorSnapshot) -> Int {
            switch snapshot.role {
            case .outdoor: 0
            case .indoor: 1
            case .room: 2
            default: 3
            }
        }
        return Array(
            snapshots.filter { $0.values[.temperature] != nil }
                .sorted { (rank($0), $0.displayName) < (rank($1), $1.displayName) }
                .prefix(2))
    }

    private func entry(model: HistoryModel, context: Context, at date: Date) -> HistoryEntry {
        let size = context.displaySize
        let portrait = size.height > size.width
        let natural: (width: Double, height: Double) =
            switch context.family {
            // A sensor's row needs about 190 px at scale 1, as in the sensors widget.
            case .small: portrait ? (190, 170) : (250, 122)
            case .medium: portrait ? (190, 260) : (296, 128)
            case .large: portrait ? (190, 400) : (400, 300)
            case .extraLarge: portrait ? (240, 500) : (640, 400)
            }
        let metrics = PanelScale(scale: PanelScale.fitting(natural, in: size), isPortrait: portrait)
        return HistoryEntry(
            date: date, model: model, metrics: metrics,
            layout: HistoryLayout(model: model, family: context.family, height: size.height, metrics: metrics))
    }
}
