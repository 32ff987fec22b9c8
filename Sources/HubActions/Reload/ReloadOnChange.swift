public import InkWidgets
public import Logging
public import Sensors
public import ServiceLifecycle
public import SharedDefaultsKit
import WeatherInfoKit

/// Keeps the screens following their inputs without polling: a change of the shared defaults (a city set
/// while the control socket was unreachable, a hand edit) reloads every widget as a configuration change;
/// a sensor change that alters what is shown reloads the widgets that read sensors, within their budget.
/// The service's own writes (the daily quote, the forecast day) are not changes here.
public struct ReloadOnChange: Service {
    let defaults: SharedDefaults
    let sensors: SensorStore?
    /// The kinds of the widgets that declared they read sensor readings.
    let sensorKinds: [String]
    let center: WidgetCenter
    let logger: Logger

    /// Watches `defaults` and, when there is one, `sensors`, reloading through `center`.
    public init(defaults: SharedDefaults, sensors: SensorStore?, sensorKinds: [String], center: WidgetCenter, logger: Logger) {
        self.defaults = defaults
        self.sensors = sensors
        self.sensorKinds = sensorKinds
        self.center = center
        self.logger = logger
    }

    public func run() async throws {
        let defaultsChanges = try defaults.changes()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await _ in defaultsChanges {
                        logger.info("shared defaults changed; reloading every widget")
                        await reload(kind: nil, reason: .configurationChanged)
                    }
                }
                if let sensors, !sensorKinds.isEmpty {
                    group.addTask {
                        for await change in sensors.changes() {
                            logger.debug("sensor change", metadata: ["sensor.id": "\(change.sensor)"])
                            for kind in sensorKinds { await reload(kind: kind, reason: .dataChanged) }
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
            // The kind is not placed on any screen.
        } catch {
            logger.warning("reload after a change failed: \(error)")
        }
    }
}
