#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging

/// The pipeline every message goes through, whichever intake received it: interpretation (checks,
/// decoding, validation), then the per-sensor flood limit and de-duplication, then the store.
/// Refusals are counted per sensor in the store and logged within a per-minute budget.
public actor SensorIntake {
    private let interpreter: MessageInterpreter
    private let store: SensorStore
    private let logger: Logger
    private let ownTopics: Set<String>
    private var unitHints: UnitHintRegistry
    private var floodGuard: FloodGuard
    private var duplicates: DuplicateFilter
    private var logThrottle: LogThrottle
    /// What the intake has done so far.
    public private(set) var statistics = IntakeStatistics()

    public init(settings: SensorSettings, store: SensorStore, logger: Logger = Logger(label: "weatherhub.sensors")) {
        interpreter = MessageInterpreter(settings: settings)
        self.store = store
        self.logger = logger
        ownTopics = Set([settings.broker?.availabilityTopic].compactMap { $0 })
        unitHints = UnitHintRegistry(capacity: settings.limits.maxUnitHints)
        floodGuard = FloodGuard(
            burst: settings.limits.burstPerSensor, perMinute: settings.limits.messagesPerMinutePerSensor,
            capacity: settings.limits.maxSensors * 2)
        duplicates = DuplicateFilter(capacity: settings.limits.maxSensors * 2)
        logThrottle = LogThrottle(linesPerMinute: settings.limits.logLinesPerMinute)
    }

    /// Decodes, validates and stores one message.
    public func process(_ message: IncomingMessage) async {
        statistics.received += 1
        if ownTopics.contains(message.topic) {
            statistics.ignored += 1
            return
        }
        switch interpreter.interpret(message, unitHints: unitHints) {
        case .sensors(let verdicts):
            var storedAny = false
            for verdict in verdicts {
                storedAny = await handle(verdict, message: message) || storedAny
            }
            if storedAny { statistics.stored += 1 }
        case .availability(let announcement):
            statistics.availability += 1
            await store.recordAvailability(announcement)
        case .unitHint(let stateTopic, let hint):
            statistics.unitHints += 1
            unitHints.learn(hint, for: stateTopic)
        case .ignored:
            statistics.ignored += 1
        case .rejected(let source, let reason):
            await reject(source: source, reason: reason, topic: message.topic, at: message.arrivedAt)
        }
    }

    /// Counts a message an intake had to drop before it could be processed (a queue overflow, an
    /// overlong socket line).
    public func recordDropped(source: String, reason: RejectionReason, at time: Date) async {
        statistics.received += 1
        let sensor = IdentityCheck.problem(withTopic: source, maxBytes: 256) == nil
            ? SensorID(source) : MessageInterpreter.invalidTopicSource
        await reject(source: sensor, reason: reason, topic: nil, at: time)
    }

    private func handle(_ verdict: ReadingValidator.Verdict, message: IncomingMessage) async -> Bool {
        switch verdict {
        case .rejected(let sensor, let reason, _):
            await reject(source: sensor ?? SensorID(message.topic), reason: reason, topic: message.topic, at: message.arrivedAt)
            return false
        case .accepted(let reading):
            if duplicates.isDuplicate(reading) {
                statistics.duplicates += 1
                return false
            }
            guard floodGuard.permits(reading.sensor, at: reading.arrivedAt) else {
                statistics.rateLimited += 1
                await reject(
                    source: reading.sensor,
                    reason: RejectionReason(.rateLimited, "more messages than the per-sensor rate limit allows"),
                    topic: message.topic, at: message.arrivedAt)
                return false
            }
            switch await store.apply(reading) {
            case .stored:
                if let first = reading.rejections.first { log(reading.sensor, first.reason, topic: message.topic, at: reading.arrivedAt) }
                return true
            case .notTracked:
                return false
            case .refusedSensorLimit:
                statistics.refusedSensorLimit += 1
                await reject(
                    source: reading.sensor,
                    reason: RejectionReason(.sensorLimitReached, "the hub already tracks its maximum number of sensors"),
                    topic: message.topic, at: message.arrivedAt)
                return false
            }
        }
    }

    private func reject(source: SensorID, reason: RejectionReason, topic: String?, at time: Date) async {
        statistics.rejected += 1
        await store.recordRejection(source: source, reason: reason, at: time)
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
