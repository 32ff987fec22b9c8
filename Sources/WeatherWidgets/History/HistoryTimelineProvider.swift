#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkUI
import InkWidgets
import Sensors

/// Feeds the history widget from the sensor store: the sensors the layout names, else the outdoor sensor
/// and the indoor one (else the first rooms). Entries follow the chart's half-hour slots for six hours and the local midnight; the service
/// reloads the widget when a reading arrives, and a frame that draws the same costs no refresh.
struct HistoryTimelineProvider: TimelineProvider {
    /// The layout's key naming the sensors to show.
    static let sensorsParameter = "sensors"
    let data: WidgetDataContext

    func placeholder(in context: Context) -> HistoryEntry {
        entry(model: HistoryModel(nil, display: data.effectiveDisplay, at: data.now()), context: context, at: data.now())
    }

    func snapshot(in context: Context) async -> HistoryEntry {
        let now = data.now()
        return entry(model: HistoryModel(await read(at: now, context: context), display: data.effectiveDisplay, at: now), context: context, at: now)
    }

    func timeline(in context: Context) async -> Timeline<HistoryEntry> {
        let now = data.now()
        let read = await read(at: now, context: context)
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

    /// The sensors to show with their history; `nil` without a sensor store.
    private func read(at now: Date, context: Context) async -> [SensorHistoryData]? {
        guard let store = data.sensors else { return nil }
        let snapshots = await store.shownSnapshots()
        let named = context.parameters.names(Self.sensorsParameter)
        let chosen = named.isEmpty ? Self.sensors(from: snapshots) : Self.sensors(named: named, from: snapshots)
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

    /// The sensors the layout names, in its order, found as `weatherctl sensors history` finds them; names
    /// not heard of yet are left out. At most three: two charts and a row.
    static func sensors(named names: [String], from snapshots: [SensorSnapshot]) -> [SensorSnapshot] {
        let found = names.compactMap { snapshots.first(named: $0) }
        var seen: Set<SensorID> = []
        return Array(found.filter { seen.insert($0.sensor).inserted }.prefix(3))
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
            layout: HistoryLayout(model: model, family: context.family, size: size, metrics: metrics))
    }
}
