#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
import MQTTConnection

/// The pipeline every message goes through, whichever intake received it: interpretation (checks,
/// decoding, validation), then the per-sensor flood limit and de-duplication, then the store.
/// Refusals are counted per sensor in the store and logged within a per-minute budget.
///
/// Messages are processed in batches: a batch costs one hop to the store, however many messages it
/// holds, which is what lets a flood through the MQTT hand-over be processed at full speed.
public actor SensorIntake {
    private let interpreter: MessageInterpreter
    private let store: SensorStore
    private let logger: Logger
    private let ownTopics: Set<String>
    private var unitHints: UnitHintRegistry
    private var floodGuard: FloodGuard<SensorID>
    private var duplicates: DuplicateFilter
    private var logThrottle: LogThrottle
    /// The facts of recently seen topics: a topic is checked, split and matched to a decoder once, not
    /// for every message on it. Emptied when full, so a flood of new topics cannot grow it.
    private var topicFacts: [String: MessageInterpreter.TopicFacts] = [:]
    private static let topicFactsCapacity = 512
    /// What the intake has done so far.
    public private(set) var statistics = IntakeStatistics()

    /// One batch on its way through the intake: what the store must do, what to finish once it has
    /// answered, and the counts, added to `statistics` when the batch is done (so readers never see half
    /// a batch).
    private struct Batch {
        var operations: [StoreOperation] = []
        var sent: [SentReading] = []
        var counts = IntakeStatistics()
    }

    /// What the intake still needs of a reading it sent to the store once the store has answered.
    private struct SentReading {
        /// The message's position in its batch (one message may carry several sensors' readings).
        var message: Int
        var topic: String
        var sensor: SensorID
        var arrivedAt: Date
        /// The first field the validator refused, logged once the reading is kept.
        var firstRejection: RejectionReason?
    }

    public init(settings: SensorSettings, store: SensorStore, logger: Logger = Logger(label: "weatherhub.sensors")) {
        interpreter = MessageInterpreter(settings: settings)
        self.store = store
        self.logger = logger
        ownTopics = settings.ownTopics.union([settings.broker?.availabilityTopic].compactMap { $0 })
        unitHints = UnitHintRegistry(capacity: settings.limits.maxUnitHints)
        floodGuard = FloodGuard(
            burst: settings.limits.burstPerSensor, perMinute: settings.limits.messagesPerMinutePerSensor,
            capacity: settings.limits.maxSensors * 2)
        duplicates = DuplicateFilter(capacity: settings.limits.maxSensors * 2)
        logThrottle = LogThrottle(linesPerMinute: settings.limits.logLinesPerMinute)
    }

    /// Decodes, validates and stores one message.
    public func process(_ message: IncomingMessage) async {
        await process(CollectionOfOne(IntakeItem.message(message)))
    }

    /// Decodes, validates and stores messages in order, with one hop to the store for all of them.
    public func process(_ messages: some Sequence<IncomingMessage> & Sendable) async {
        await process(messages.lazy.map(IntakeItem.message))
    }

    /// Counts a message an intake had to drop before it could be processed (an overlong socket line).
    public func recordDropped(source: String, reason: RejectionReason, at time: Date) async {
        await process(CollectionOfOne(IntakeItem.dropped(source: source, reason: reason, at: time)))
    }

    /// Processes a batch: everything up to the store here, then one hop to the store, then the counters
    /// and log lines that depend on what the store did.
    func process(_ items: some Sequence<IntakeItem> & Sendable) async {
        var batch = Batch()
        for (index, item) in items.enumerated() {
            batch.counts.received += 1
            switch item {
            case .message(let message):
                stage(message, index: index, into: &batch)
            case .dropped(let source, let reason, let time):
                let sensor = IdentityCheck.problem(withTopic: source, maxBytes: 256) == nil
                    ? SensorID(source) : MessageInterpreter.invalidTopicSource
                reject(source: sensor, reason: reason, topic: nil, at: time, into: &batch)
            }
        }
        let outcomes = batch.operations.isEmpty ? [] : await store.apply(batch.operations)
        var lastStoredMessage = -1
        for (reading, outcome) in zip(batch.sent, outcomes) {
            switch outcome {
            case .stored:
                if reading.message != lastStoredMessage {
                    batch.counts.stored += 1
                    lastStoredMessage = reading.message
                }
                if let first = reading.firstRejection {
                    log(reading.sensor, first, topic: reading.topic, at: reading.arrivedAt)
                }
            case .notTracked:
                break
            case .refusedSensorLimit:
                // The store counted the rejection against the sensor (or the untracked counter).
                batch.counts.refusedSensorLimit += 1
                batch.counts.rejected += 1
                log(reading.sensor, .sensorLimit, topic: reading.topic, at: reading.arrivedAt)
            }
        }
        statistics.add(batch.counts)
    }

    /// Interprets one message and adds what the store must do with it.
    private func stage(_ message: IncomingMessage, index: Int, into batch: inout Batch) {
        if !ownTopics.isEmpty, ownTopics.contains(message.topic) {
            batch.counts.ignored += 1
            return
        }
        switch interpreter.interpret(message, facts: facts(about: message.topic), unitHints: unitHints) {
        case .sensors(let verdicts):
            for verdict in verdicts {
                switch verdict {
                case .rejected(let sensor, let reason, _):
                    reject(
                        source: sensor ?? SensorID(message.topic), reason: reason, topic: message.topic, at: message.arrivedAt,
                        into: &batch)
                case .accepted(let reading):
                    if duplicates.isDuplicate(reading) {
                        batch.counts.duplicates += 1
                        continue
                    }
                    guard floodGuard.permits(reading.sensor, at: reading.arrivedAt) else {
                        batch.counts.rateLimited += 1
                        reject(
                            source: reading.sensor,
                            reason: RejectionReason(.rateLimited, "more messages than the per-sensor rate limit allows"),
                            topic: message.topic, at: message.arrivedAt, into: &batch)
                        continue
                    }
                    batch.sent.append(
                        SentReading(
                            message: index, topic: message.topic, sensor: reading.sensor, arrivedAt: reading.arrivedAt,
                            firstRejection: reading.rejections.first?.reason))
                    batch.operations.append(.reading(reading))
                }
            }
        case .availability(let announcement):
            batch.counts.availability += 1
            batch.operations.append(.availability(announcement))
        case .unitHint(let stateTopic, let hint):
            batch.counts.unitHints += 1
            unitHints.learn(hint, for: stateTopic)
        case .ignored:
            batch.counts.ignored += 1
        case .rejected(let source, let reason):
            reject(source: source, reason: reason, topic: message.topic, at: message.arrivedAt, into: &batch)
        }
    }

    private func facts(about topic: String) -> MessageInterpreter.TopicFacts {
        if let known = topicFacts[topic] { return known }
        let facts = interpreter.facts(about: topic)
        if topicFacts.count >= Self.topicFactsCapacity { topicFacts.removeAll(keepingCapacity: true) }
        topicFacts[topic] = facts
        return facts
    }

    private func reject(source: SensorID, reason: RejectionReason, topic: String?, at time: Date, into batch: inout Batch) {
        batch.counts.rejected += 1
        batch.operations.append(.rejection(source: source, reason: reason, at: time))
        log(source, reason, topic: topic, at: time)
    }

    private func log(_ source: SensorID, _ reason: RejectionReason, topic: String?, at time: Date) {
        let permit = logThrottle.permit(at: time)
        guard permit.allowed else { return }
        var metadata: Logger.Metadata = [
            "sensor.id": "\(IdentityCheck.printable(source.rawValue))", "sensor.reason": "\(reason.code.rawValue)",
        ]
        if let topic { metadata["mqtt.topic"] = "\(IdentityCheck.printable(topic))" }
        if permit.suppressedBefore > 0 { metadata["log.suppressed"] = "\(permit.suppressedBefore)" }
        logger.notice("sensor message refused: \(reason.detail)", metadata: metadata)
    }
}
