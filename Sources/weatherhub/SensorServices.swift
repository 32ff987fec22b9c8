import HubAssembly
import HubConfig
import HubMQTT
import Logging
import MQTTConnection
import Sensors
import ServiceLifecycle

/// The sensor store and the intakes that feed it (MQTT, socket feed, the demo's sensors).
struct SensorServices {
    let store: SensorStore
    let mqtt: MQTTIntake?
    /// `host:port` of the broker, when MQTT is configured.
    let brokerAddress: String?
    /// The store first, so it flushes last.
    let services: [any Service]

    /// `nil` when the configuration names neither a broker nor a socket feed and the demo's sensors do not
    /// report either. `reloadingTo` gives the configuration of the next build once a reload is accepted:
    /// the connection `keeper` holds goes on into that build when its broker, subscriptions and command
    /// topics are the same, and the broker is told the hub goes offline only when it stops or moves to
    /// another broker.
    static func start(
        _ configuration: HubConfiguration, keeper: BrokerConnectionKeeper, reloadingTo: @escaping @Sendable () -> HubConfiguration?,
        logger: Logger
    ) throws -> SensorServices? {
        let usesDemo = configuration.usesDemoSensors
        guard configuration.hasSensorIntake || usesDemo else { return nil }
        let settings = configuration.effectiveSensorSettings
        let store = try SensorStore(settings: settings)
        let intake = SensorIntake(settings: settings, store: store)
        var services: [any Service] = [store]
        var mqtt: MQTTIntake?
        if let plan = configuration.connectionPlan {
            let connection = MQTTIntake(
                broker: plan.broker, settings: settings, intake: intake, commands: plan.commands, keeper: keeper,
                succession: { MQTTIntake.Succession(from: plan, to: reloadingTo()?.connectionPlan) })
            services.append(connection)
            mqtt = connection
        }
        if settings.socketFeed.isEnabled { services.append(SocketFeed(settings: settings.socketFeed, intake: intake)) }
        if usesDemo { services.append(DemoSensorFeed(intake: intake)) }
        let brokerAddress = settings.broker.map { "\($0.host):\($0.port)" }
        logger.info(
            "sensor intake configured",
            metadata: ["sensors.mqtt": "\(brokerAddress ?? "off")", "sensors.demo": "\(usesDemo)"])
        return SensorServices(store: store, mqtt: mqtt, brokerAddress: brokerAddress, services: services)
    }
}

extension HubConfiguration {
    /// What the hub's broker connection is made for, when it has a broker.
    var connectionPlan: MQTTIntake.ConnectionPlan? {
        let settings = effectiveSensorSettings
        return settings.broker.map { MQTTIntake.ConnectionPlan(broker: $0, settings: settings, commands: hubMQTT.commandTopics) }
    }
}
