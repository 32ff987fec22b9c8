import Logging
import Sensors
import ServiceLifecycle

/// The sensor store and the intakes that feed it (MQTT, socket feed), when any is configured.
struct SensorServices {
    let store: SensorStore
    let mqtt: MQTTIntake?
    /// `host:port` of the broker, when MQTT is configured.
    let brokerAddress: String?
    /// The store first, so it flushes last.
    let services: [any Service]

    /// `nil` when the configuration names neither a broker nor a socket feed.
    static func start(_ settings: SensorSettings, logger: Logger) throws -> SensorServices? {
        let feed = settings.socketFeed
        guard settings.broker != nil || !feed.tcp.isEmpty || !feed.unixSocketPaths.isEmpty else { return nil }
        let store = try SensorStore(settings: settings)
        let intake = SensorIntake(settings: settings, store: store)
        var services: [any Service] = [store]
        var mqtt: MQTTIntake?
        if let broker = settings.broker {
            let connection = MQTTIntake(broker: broker, settings: settings, intake: intake)
            services.append(connection)
            mqtt = connection
        }
        if !feed.tcp.isEmpty || !feed.unixSocketPaths.isEmpty {
            services.append(SocketFeed(settings: feed, intake: intake))
        }
        let brokerAddress = settings.broker.map { "\($0.host):\($0.port)" }
        logger.info("sensor intake configured", metadata: ["sensors.mqtt": "\(brokerAddress ?? "off")"])
        return SensorServices(store: store, mqtt: mqtt, brokerAddress: brokerAddress, services: services)
    }
}
