#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
public import MQTTConnection
import NIOCore
public import ServiceLifecycle
import Synchronization

/// The sensor intake's use of the hub's broker connection: it subscribes to the sensor topics and hands
/// every message on them to the `SensorIntake`. The same connection carries the hub's own traffic
/// (`connection.publish`, `connection.commands()`).
///
/// `run()` connects (or goes on with the connection a `BrokerConnectionKeeper` kept from the build before),
/// and on graceful shutdown does what its `succession` says: leaves the connection to the next build,
/// which goes on reading from it; or disconnects, announcing `offline` only when the hub leaves the broker
/// (it stops, or moves to another), then returns once the buffered messages are processed.
public final class MQTTIntake: Service, Sendable {
    /// What a connection is made for: the broker, the subscriptions with their bounds, the command topics.
    public struct ConnectionPlan: Sendable, Equatable {
        public var broker: BrokerSettings
        public var subscriptions: BrokerConnection.Subscriptions
        public var commands: MQTTCommandTopics

        /// The plan for `broker`, the subscriptions and limits of `settings`, and `commands`.
        public init(broker: BrokerSettings, settings: SensorSettings, commands: MQTTCommandTopics) {
            self.broker = broker
            subscriptions = .init(
                topicFilters: settings.subscriptions.map(\.topicFilter), maxPayloadBytes: settings.limits.maxPayloadBytes,
                queueCapacity: settings.limits.queueCapacity, queueBytes: settings.limits.queueBytes)
            self.commands = commands
        }
    }

    /// What becomes of the connection when this build of the hub ends gracefully.
    public enum Succession: Sendable, Equatable {
        /// The service stops, or the next build has another broker: `offline`, then disconnect.
        case leaving
        /// The next build has the same broker with another plan: disconnect without announcing `offline`.
        case reconnecting
        /// The next build has the same plan: the connection stays, and what waits is the next build's.
        case continuing

        /// From a build with `plan` to one with `next` (`nil`: none, or one without a broker).
        public init(from plan: ConnectionPlan, to next: ConnectionPlan?) {
            self = next == plan ? .continuing : next?.broker == plan.broker ? .reconnecting : .leaving
        }
    }

    /// The connection to the broker, shared with the hub's own publishing.
    public let connection: BrokerConnection
    private let replaced: BrokerConnection?
    private let keeper: BrokerConnectionKeeper?
    private let intake: SensorIntake
    private let maxPayloadBytes: Int
    private let succession: @Sendable () -> Succession

    /// - Parameters:
    ///   - broker: where to connect.
    ///   - settings: subscriptions and limits (`settings.broker` is not consulted: pass it as `broker`).
    ///   - commands: the topics the hub takes commands on; their messages go to `connection.commands()`,
    ///     never to the intake.
    ///   - now: the wall clock stamped on arriving messages.
    ///   - keeper: keeps the connection from one build of the hub to the next; without one, each intake
    ///     has a connection of its own.
    ///   - succession: asked at graceful shutdown (see `Succession`).
    public init(
        broker: BrokerSettings, settings: SensorSettings, intake: SensorIntake, commands: MQTTCommandTopics = MQTTCommandTopics(),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "weatherhub.sensors.mqtt"),
        keeper: BrokerConnectionKeeper? = nil, succession: @escaping @Sendable () -> Succession = { .leaving }
    ) {
        self.intake = intake
        self.keeper = keeper
        self.succession = succession
        maxPayloadBytes = settings.limits.maxPayloadBytes
        let plan = ConnectionPlan(broker: broker, settings: settings, commands: commands)
        let make = { BrokerConnection(broker: broker, subscriptions: plan.subscriptions, commands: commands, now: now, logger: logger) }
        (connection, replaced) = keeper?.connection(for: plan, make: make) ?? (make(), nil)
    }

    public func run() async throws {
        if let replaced { await replaced.stop(announcingOffline: replaced.broker != connection.broker) }
        if !connection.isRunning { try connection.start() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.consume() }
            // Cancelled rather than shut down gracefully: disconnect without a word.
            let succession = (try? await gracefulShutdown()) == nil ? .reconnecting : succession()
            if succession == .continuing {
                group.cancelAll()
            } else {
                keeper?.forget(connection)
                await connection.stop(announcingOffline: succession == .leaving)
            }
            await group.waitForAll()
        }
    }

    /// Hands whatever the network thread has queued to the intake, one batch per hop, until the
    /// connection stops or the next build's intake takes over.
    private func consume() async {
        var batch = CircularBuffer<MQTTDelivery>(initialCapacity: 64)
        let maxPayloadBytes = self.maxPayloadBytes
        while await connection.take(into: &batch) {
            await intake.process(batch.lazy.map { IntakeItem($0, maxPayloadBytes: maxPayloadBytes) })
        }
    }
}

/// The hub's broker connection, kept from one build of the hub to the next while its plan stays the same,
/// so a settings change neither reconnects nor makes the broker send every retained message again. One
/// per service.
public final class BrokerConnectionKeeper: Sendable {
    private let kept = Mutex<(plan: MQTTIntake.ConnectionPlan, connection: BrokerConnection)?>(nil)

    public init() {}

    /// The kept connection when it was made for `plan`; otherwise a new one from `make`, kept from now on,
    /// with the one it replaces (which the caller stops).
    func connection(
        for plan: MQTTIntake.ConnectionPlan, make: () -> BrokerConnection
    ) -> (connection: BrokerConnection, replaced: BrokerConnection?) {
        kept.withLock { kept in
            if let kept, kept.plan == plan { return (kept.connection, nil) }
            let replaced = kept?.connection
            let connection = make()
            kept = (plan, connection)
            return (connection, replaced)
        }
    }

    /// `connection` stops: the next build makes its own.
    func forget(_ connection: BrokerConnection) {
        kept.withLock { kept in
            if kept?.connection === connection { kept = nil }
        }
    }
}

extension IntakeItem {
    /// A message from the broker; one over `maxPayloadBytes` is counted as dropped against its topic.
    init(_ delivery: MQTTDelivery, maxPayloadBytes: Int) {
        switch delivery {
        case .message(let message):
            self = .message(IncomingMessage(topic: message.topic, payload: message.payload, retained: message.retained, arrivedAt: message.arrivedAt))
        case .oversized(let topic, let bytes, let time):
            self = .dropped(
                source: topic,
                reason: RejectionReason(.oversizedPayload, "the payload has \(bytes) bytes, more than the \(maxPayloadBytes) allowed"),
                at: time)
        }
    }
}
