import InkWidgets
import Logging
import Sensors
import ServiceLifecycle
import WeatherInfoKit

/// Keeps the panel following its inputs without polling: a change of the shared defaults (a city set
/// while the control socket was unreachable, a hand edit) reloads every widget as a configuration change;
/// a sensor change that alters what is shown reloads the widgets that show sensors, within their budget.
/// The service's own writes (the daily quote, the forecast day) are not changes here.
struct ReloadOnChange: Service {
    /// The kinds that show local readings.
    static let sensorKinds = ["weather", "sensors"]

    let defaults: SharedDefaults
    let sensors: SensorStore?
    let center: WidgetCenter
    let logger: Logger

    func run() async throws {
        let defaultsChanges = try defaults.changes()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await _ in defaultsChanges {
                        logger.info("shared defaults changed; reloading every widget")
                        await reload(kind: nil, reason: .configurationChanged)
                    }
                }
                if let sensors {
                    group.addTask {
                        for await change in sensors.changes() {
                            logger.debug("sensor change", metadata: ["sensor.id": "\(change.sensor)"])
                            for kind in Self.sensorKinds { await reload(kind: kind, reason: .dataChanged) }
                        }
                    }
                }
            }
        }
    }

    private func reload(kind: String?, reason: ReloadReason) async {
        do {
            if let kind {
                try await center.reloadTimelines(ofKind: kind, reason: reason)
            } else {
                try await center.reloadAllTimelines(reason: reason)
            }
        } catch WidgetCenterError.unknownKind {
            // The kind is not placed on this panel.
        } catch {
            logger.warning("reload after a change failed: \(error)")
        }
    }
}
