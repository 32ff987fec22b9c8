#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
import NIOCore
public import ServiceLifecycle
import Synchronization

/// The hub's one connection to the MQTT broker, through libmosquitto. It reads sensor messages: QoS 1
/// subscriptions on a persistent session (readings published while the hub was down arrive on
/// reconnect), retained messages flagged as such, automatic reconnection with backoff, and a retained
/// `online`/`offline` announcement with the last will. It also carries the hub's own traffic: messages
/// the hub publishes (`publish`) and the commands it takes on exact topics (`commands`), kept apart
/// from sensor messages.
///
/// `run()` connects, hands every sensor message to the `SensorIntake`, and on graceful shutdown
/// announces `offline`, disconnects and returns once the buffered messages are processed.
public final class MQTTIntake: Service, Sendable {
    private let broker: BrokerSettings
    private let intake: SensorIntake
    private let logger: Logger
    private let events: MosquittoEvents
    private let deliveries: DeliveryQueue
    private let connection = Mutex<MosquittoConnection?>(nil)

    /// - Parameters:
    ///   - broker: where to connect.
    ///   - settings: subscriptions and limits (`settings.broker` is not consulted: pass it as `broker`).
    ///   - commands: the topics the hub takes commands on; their messages go to `commands`, never to
    ///     the intake.
    ///   - now: the wall clock stamped on arriving messages.
    public init(
        broker: BrokerSettings, settings: SensorSettings, intake: SensorIntake, commands: MQTTCommandTopics = MQTTCommandTopics(),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "weatherhub.sensors.mqtt")
    ) {
        self.broker = broker
        self.intake = intake
        self.logger = logger
        let deliveries = DeliveryQueue(capacity: settings.limits.queueCapacity, byteCapacity: settings.limits.queueBytes)
        self.deliveries = deliveries
        events = MosquittoEvents(
            configuration: .init(
                subscriptions: settings.subscriptions.map(\.topicFilter), protocolVersion: broker.protocolVersion,
                availabilityTopic: broker.availabilityTopic, onlinePayload: broker.onlinePayload,
                maxPayloadBytes: settings.limits.maxPayloadBytes, commands: commands),
            deliveries: deliveries, now: now)
    }

    /// Messages on the command topics, in arrival order (one consumer). Ends when the connection stops.
    public var commands: AsyncStream<MQTTCommandDelivery> { events.commands }

    /// Publishes `payload` on `topic` at QoS 1 and waits, at most `timeout`, for the broker's
    /// acknowledgement. Messages are only sent while connected: after `.notConnected` publish again
    /// once `statusUpdates()` says the connection is back.
    public func publish(_ payload: [UInt8], to topic: String, retain: Bool, timeout: Duration = .seconds(10)) async -> MQTTPublishResult {
        guard let connection = connection.withLock({ $0 }), events.status.state == .connected else { return .notConnected }
        return await connection.publish(payload, to: topic, retain: retain, timeout: timeout)
    }

    /// The connection's current state, last error and counters.
    public var status: MQTTConnectionStatus { events.status }

    /// The connection state each time it changes, starting with the current one.
    public func statusUpdates() -> AsyncStream<MQTTConnectionStatus> {
        events.statusUpdates()
    }

    public func run() async throws {
        let connection = try MosquittoConnection(broker: broker, events: events)
        self.connection.withLock { $0 = connection }
        logger.info(
            "connecting to the MQTT broker",
            metadata: ["mqtt.broker": "\(broker.host):\(broker.port)", "mqtt.protocol": "\(broker.protocolVersion.rawValue)"])
        connection.start()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.consume() }
            let graceful = (try? await gracefulShutdown()) != nil
            if graceful { await connection.announceOffline(timeout: .seconds(2)) }
            await connection.stop()
            self.connection.withLock { $0 = nil }
            events.finishDeliveries()
            await group.waitForAll()
        }
        logger.info("disconnected from the MQTT broker", metadata: ["mqtt.broker": "\(broker.host):\(broker.port)"])
    }

    /// Hands whatever the network thread has queued to the intake, one batch per hop.
    private func consume() async {
        var batch = CircularBuffer<IntakeItem>(initialCapacity: 64)
        while await deliveries.take(into: &batch) {
            await intake.process(batch)
        }
    }
}
