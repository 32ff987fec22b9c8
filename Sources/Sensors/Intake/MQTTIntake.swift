#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
public import MQTTConnection
import NIOCore
public import ServiceLifecycle

/// The sensor intake's use of the hub's broker connection: it subscribes to the sensor topics and hands
/// every message on them to the `SensorIntake`. The same connection carries the hub's own traffic
/// (`connection.publish`, `connection.commands`).
///
/// `run()` connects, and on graceful shutdown announces `offline` (unless the hub comes straight back to
/// this broker), disconnects and returns once the buffered messages are processed.
public final class MQTTIntake: Service, Sendable {
    /// The connection to the broker, shared with the hub's own publishing.
    public let connection: BrokerConnection
    private let intake: SensorIntake
    private let maxPayloadBytes: Int
    private let announcesOffline: @Sendable () -> Bool

    /// - Parameters:
    ///   - broker: where to connect.
    ///   - settings: subscriptions and limits (`settings.broker` is not consulted: pass it as `broker`).
    ///   - commands: the topics the hub takes commands on; their messages go to `connection.commands`,
    ///     never to the intake.
    ///   - now: the wall clock stamped on arriving messages.
    ///   - announcesOffline: asked at graceful shutdown: false when the hub is rebuilding itself to
    ///     connect to the same broker again at once, so that whoever follows its availability (Home
    ///     Assistant) never sees it go away for a settings change.
    public init(
        broker: BrokerSettings, settings: SensorSettings, intake: SensorIntake, commands: MQTTCommandTopics = MQTTCommandTopics(),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "weatherhub.sensors.mqtt"),
        announcesOffline: @escaping @Sendable () -> Bool = { true }
    ) {
        self.intake = intake
        self.announcesOffline = announcesOffline
        maxPayloadBytes = settings.limits.maxPayloadBytes
        connection = BrokerConnection(
            broker: broker,
            subscriptions: .init(
                topicFilters: settings.subscriptions.map(\.topicFilter), maxPayloadBytes: settings.limits.maxPayloadBytes,
                queueCapacity: settings.limits.queueCapacity, queueBytes: settings.limits.queueBytes),
            commands: commands, now: now, logger: logger)
    }

    public func run() async throws {
        try connection.start()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.consume() }
            let graceful = (try? await gracefulShutdown()) != nil
            await connection.stop(announcingOffline: graceful && announcesOffline())
            await group.waitForAll()
        }
    }

    /// Hands whatever the network thread has queued to the intake, one batch per hop.
    private func consume() async {
        var batch = CircularBuffer<MQTTDelivery>(initialCapacity: 64)
        let maxPayloadBytes = self.maxPayloadBytes
        while await connection.take(into: &batch) {
            await intake.process(batch.lazy.map { IntakeItem($0, maxPayloadBytes: maxPayloadBytes) })
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
