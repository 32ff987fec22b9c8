public import EPaper
public import HubActions
public import HubConfig
import InkWidgets
public import Logging
public import MQTTConnection
import Sensors
public import ServiceLifecycle
import SharedDefaultsKit
import WeatherInfoKit
public import WeatherWidgets

/// The hub as a device of the home on the MQTT broker: it publishes its facts as retained messages
/// (per entity, and all in `<base>/state`), the panel's frame as PNG when its pixels change, and Home
/// Assistant discovery configs; it takes commands on `<base>/…/set`; and it clears the retained
/// messages a configuration no longer has. Everything goes through the hub's broker connection (the
/// one the sensor intake reads from) and its last will. Nothing polls: sensor changes, answered weather reports, panel refreshes, shared
/// defaults written by `weatherctl`, the connection and commands wake it, and a timer only for the
/// moment a shown value turns stale.
public final class HubMQTTService: Service, Sendable {
    /// What the service talks to and reads.
    public struct Parts: Sendable {
        /// The hub's broker connection, which carries the hub's messages and commands; its broker
        /// settings name the availability topic and payloads entities follow.
        public var connection: BrokerConnection
        /// The widgets' data: weather, sensors, shared defaults, the city shown.
        public var data: WidgetDataContext
        /// The panel: its refreshes, frames and counters.
        public var panel: PanelController
        /// Signals answered weather reports (the service's weather source wrapped by it).
        public var reports: WeatherReportSignal
        /// The hub's actions, which the MQTT commands call as every other door does.
        public var actions: HubActions

        /// The parts as given.
        public init(
            connection: BrokerConnection, data: WidgetDataContext, panel: PanelController,
            reports: WeatherReportSignal, actions: HubActions
        ) {
            self.connection = connection
            self.data = data
            self.panel = panel
            self.reports = reports
            self.actions = actions
        }
    }

    let settings: HubMQTTSettings
    let parts: Parts
    let record: PublishedTopicsRecord
    let logger: Logger

    /// The service, or `nil` when it has nothing to do: the hub's topics are off and no earlier run
    /// left retained messages to clear.
    /// - Parameter recordFile: where the topics with retained messages of the hub's are recorded.
    public init?(settings: HubMQTTSettings, parts: Parts, recordFile: String, logger: Logger = Logger(label: "weatherhub.mqtt")) {
        let record = PublishedTopicsRecord(path: recordFile)
        guard settings.isEnabled || !record.load().isEmpty else { return nil }
        self.settings = settings
        self.parts = parts
        self.record = record
        self.logger = logger
    }

    public func run() async throws {
        let signals = HubSignals()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await status in self.parts.connection.statusUpdates() { signals.post { $0.connection = status } }
                }
                if self.settings.isEnabled { self.watchEvents(into: signals, group: &group) }
                group.addTask { await self.publish(from: signals) }
            }
        }
    }

    /// Everything that may change a fact, and the commands.
    private func watchEvents(into signals: HubSignals, group: inout DiscardingTaskGroup) {
        if let sensors = parts.data.sensors {
            // Only the outdoor sensor and the barometer feed the facts.
            group.addTask {
                for await change in sensors.changes() where change.role == .outdoor || change.role == .barometer {
                    signals.post { $0.factsChanged = true }
                }
            }
        }
        group.addTask {
            for await _ in self.parts.reports.reports { signals.post { $0.factsChanged = true } }
        }
        group.addTask {
            for await event in self.parts.panel.events() {
                signals.post { wakeup in
                    wakeup.factsChanged = true
                    if case .refreshed(_, let frame) = event { wakeup.frame = frame }
                }
            }
        }
        group.addTask {
            // `weatherctl city set` from another process; the service's own writes are not reported.
            guard let changes = try? self.parts.data.defaults.changes() else { return }
            for await _ in changes { signals.post { $0.factsChanged = true } }
        }
        group.addTask { await self.takeCommands(into: signals) }
    }
}
