#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
public import NIOCore
import Synchronization

/// The hub's one connection to the MQTT broker, through libmosquitto: QoS 1 subscriptions on a
/// persistent session (messages published while the hub was down arrive on reconnect), retained
/// messages flagged as such, automatic reconnection with backoff, and a retained `online`/`offline`
/// announcement with the last will. It carries the messages the hub publishes (`publish`), hands the
/// messages on its subscriptions to one consumer in batches (`take(into:)`), and keeps those on the
/// hub's exact command topics apart (`commands`).
///
/// Whoever owns it calls `start()` once and `stop(announcingOffline:)` once.
public final class BrokerConnection: Sendable {
    /// What the connection subscribes to and how much it lets wait for the consumer.
    public struct Subscriptions: Sendable, Equatable {
        /// Topic filters, subscribed at QoS 1.
        public var topicFilters: [String]
        /// Larger payloads are handed over as `.oversized`, without their bytes.
        public var maxPayloadBytes: Int
        /// Messages waiting for the consumer at most; the oldest are dropped beyond it.
        public var queueCapacity: Int
        /// Payload and topic bytes waiting for the consumer at most; the oldest are dropped beyond it.
        public var queueBytes: Int

        /// Subscriptions and bounds as given.
        public init(topicFilters: [String], maxPayloadBytes: Int, queueCapacity: Int, queueBytes: Int) {
            self.topicFilters = topicFilters
            self.maxPayloadBytes = maxPayloadBytes
            self.queueCapacity = queueCapacity
            self.queueBytes = queueBytes
        }
    }

    /// Where it connects.
    public let broker: BrokerSettings
    private let logger: Logger
    private let events: MosquittoEvents
    private let deliveries: DeliveryQueue
    private let connection = Mutex<MosquittoConnection?>(nil)

    /// - Parameters:
    ///   - broker: where to connect.
    ///   - subscriptions: the topic filters whose messages `take(into:)` hands over, and their bounds.
    ///   - commands: the topics the hub takes commands on; their messages go to `commands` only.
    ///   - now: the wall clock stamped on arriving messages.
    public init(
        broker: BrokerSettings, subscriptions: Subscriptions, commands: MQTTCommandTopics = MQTTCommandTopics(),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.broker = broker
        self.logger = logger
        let deliveries = DeliveryQueue(capacity: subscriptions.queueCapacity, byteCapacity: subscriptions.queueBytes)
        self.deliveries = deliveries
        events = MosquittoEvents(
            configuration: .init(
                subscriptions: subscriptions.topicFilters, protocolVersion: broker.protocolVersion,
                availabilityTopic: broker.availabilityTopic, onlinePayload: broker.onlinePayload,
                maxPayloadBytes: subscriptions.maxPayloadBytes, commands: commands),
            deliveries: deliveries, now: now)
    }

    /// Messages on the command topics, in arrival order, for one consumer at a time: a new call ends the
    /// stream before it, and commands that arrived in between go to the new one. Ends when the connection
    /// stops.
    public func commands() -> AsyncStream<MQTTDelivery> { events.commands() }

    /// Whether `start()` was called and `stop` was not.
    public var isRunning: Bool { connection.withLock { $0 != nil } }

    /// The connection's current state, last error and counters.
    public var status: MQTTConnectionStatus { events.status }

    /// The connection state each time it changes, starting with the current one.
    public func statusUpdates() -> AsyncStream<MQTTConnectionStatus> {
        events.statusUpdates()
    }

    /// Publishes `payload` on `topic` at QoS 1 and waits, at most `timeout`, for the broker's
    /// acknowledgement. Messages are only sent while connected: after `.notConnected` publish again
    /// once `statusUpdates()` says the connection is back.
    public func publish(_ payload: [UInt8], to topic: String, retain: Bool, timeout: Duration = .seconds(10)) async -> MQTTPublishResult {
        guard let connection = connection.withLock({ $0 }), events.status.state == .connected else { return .notConnected }
        return await connection.publish(payload, to: topic, retain: retain, timeout: timeout)
    }

    /// Starts connecting on the connection's own thread, and reconnecting whenever the connection fails.
    /// - Throws: when the settings cannot work (a missing TLS file, no libmosquitto).
    public func start() throws(MQTTConfigurationError) {
        let connection = try MosquittoConnection(broker: broker, events: events)
        self.connection.withLock { $0 = connection }
        logger.info(
            "connecting to the MQTT broker",
            metadata: ["mqtt.broker": "\(broker.host):\(broker.port)", "mqtt.protocol": "\(broker.protocolVersion.rawValue)"])
        connection.start()
    }

    /// Disconnects (first announcing `offline` when `announcingOffline`), waits for the connection's
    /// thread to end, and ends `commands`, `statusUpdates()` and `take(into:)`, which still hands over
    /// what is buffered.
    public func stop(announcingOffline: Bool) async {
        if let connection = connection.withLock({ $0 }) {
            if announcingOffline { await connection.announceOffline(timeout: .seconds(2)) }
            await connection.stop()
            self.connection.withLock { $0 = nil }
            logger.info("disconnected from the MQTT broker", metadata: ["mqtt.broker": "\(broker.host):\(broker.port)"])
        }
        events.finishDeliveries()
    }

    /// Waits until messages from the subscriptions are waiting, then moves the oldest of them into
    /// `batch` (emptied first). Returns false once the connection stopped and everything was handed
    /// over, or when the consumer's task is cancelled (what waits stays for the next consumer). One
    /// consumer at a time.
    public func take(into batch: inout CircularBuffer<MQTTDelivery>) async -> Bool {
        await deliveries.take(into: &batch)
    }
}
