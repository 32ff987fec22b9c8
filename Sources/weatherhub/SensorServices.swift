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

    /// `nil` when the configuration names neither a broker nor a socket feed, unless `demo` is set: then
    /// the demo's sensors report through the real intake.
    static func start(_ configured: SensorSettings, demo: Bool, logger: Logger) throws -> SensorServices? {
        var settings = configured
        let feed = settings.socketFeed
        let hasFeed = !feed.tcp.isEmpty || !feed.unixSocketPaths.isEmpty
        let usesDemo = demo && settings.broker == nil && !hasFeed
        guard settings.broker != nil || hasFeed || usesDemo else { return nil }
        if usesDemo { settings.profiles += DemoSensorFeed.profiles }
        let store = try SensorStore(settings: settings)
        let intake = SensorIntake(settings: settings, store: store)
        var services: [any Service] = [store]
        var mqtt: MQTTIntake?
        if let broker = settings.broker {
            let connection = MQTTIntake(broker: broker, settings: settings, intake: intake)
            services.append(connection)
            mqtt = connection
        }
        if hasFeed { services.append(SocketFeed(settings: feed, intake: intake)) }
        if usesDemo { services.append(DemoSensorFeed(intake: intake)) }
        let brokerAddress = settings.broker.map { "\($0.host):\($0.port)" }
        logger.info(
            "sensor intake configured",
            metadata: ["sensors.mqtt": "\(brokerAddress ?? "off")", "sensors.demo": "\(usesDemo)"])
        return SensorServices(store: store, mqtt: mqtt, brokerAddress: brokerAddress, services: services)
    }
}
