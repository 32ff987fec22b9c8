#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything between bytes and keepable readings that needs no memory of earlier messages: topic and
/// size checks (before any parsing), decoder choice, decoding and validation. The CLI's `decode` runs
/// exactly this; the intake adds rate limits, de-duplication and the store.
struct MessageInterpreter: Sendable {
    /// What one message amounts to.
    enum Interpretation: Equatable {
        /// One verdict per sensor the message speaks for.
        case sensors([ReadingValidator.Verdict])
        case availability(SensorAvailability)
        case unitHint(stateTopic: String, UnitHint)
        case ignored(why: String)
        /// Refused whole; counted against `source` (the sensor, else the topic).
        case rejected(source: SensorID, reason: RejectionReason)
    }

    /// The counter that refused topics are charged to (their own text is not safe to keep).
    static let invalidTopicSource = SensorID("(invalid topic)")

    let limits: IntakeLimits
    let profiles: SensorProfiles
    let timestamps: TimestampParser
    let validator: ReadingValidator
    /// Subscriptions that pin a decoder, a field or a unit.
    let pins: [SensorSubscription]

    init(settings: SensorSettings) {
        limits = settings.limits
        profiles = SensorProfiles(settings.profiles, defaultStaleAfter: settings.defaultStaleAfter)
        timestamps = TimestampParser(timeZone: settings.timeZone)
        validator = ReadingValidator(futureTolerance: settings.limits.futureTolerance, timeZone: settings.timeZone)
        pins = settings.subscriptions.filter { $0.decoder != nil || $0.field != nil || $0.unit != nil }
    }

    /// What the interpreter derives from a topic alone, the same for every message on it (so an intake
    /// can keep it for the topics it sees often).
    enum TopicFacts: Sendable {
        /// The topic is refused, whatever the payload.
        case refused(RejectionReason)
        /// `pin`: the subscription that pins a decoder, field or unit for this topic, if any.
        case readable(levels: TopicLevels, match: MessageDecoder.TopicMatch?, pin: SensorSubscription?)
    }

    func facts(about topic: String) -> TopicFacts {
        if let problem = IdentityCheck.problem(withTopic: topic, maxBytes: limits.maxTopicBytes) {
            return .refused(problem)
        }
        let levels = TopicLevels(topic)
        return .readable(
            levels: levels, match: MessageDecoder.match(levels), pin: pins.first { TopicFilter.matches($0.topicFilter, topic: topic) })
    }

    func interpret(_ message: IncomingMessage, unitHints: UnitHintRegistry) -> Interpretation {
        interpret(message, facts: facts(about: message.topic), unitHints: unitHints)
    }

    /// Interprets a message with the facts of its topic (`facts(about: message.topic)`).
    func interpret(_ message: IncomingMessage, facts: TopicFacts, unitHints: UnitHintRegistry) -> Interpretation {
        switch facts {
        case .refused(let problem):
            .rejected(source: Self.invalidTopicSource, reason: problem)
        case .readable(let levels, let match, let pin):
            interpret(message, levels: levels, match: match, pin: pin, unitHints: unitHints)
        }
    }

    private func interpret(
        _ message: IncomingMessage, levels: TopicLevels, match: MessageDecoder.TopicMatch?, pin: SensorSubscription?,
        unitHints: UnitHintRegistry
    ) -> Interpretation {
        // Refusals without a named sensor are counted against the topic.
        var topicSource: SensorID { SensorID(message.topic) }
        if message.payload.count > limits.maxPayloadBytes {
            return .rejected(
                source: topicSource,
                reason: RejectionReason(
                    .oversizedPayload,
                    "the payload has \(message.payload.count) bytes, more than the \(limits.maxPayloadBytes) allowed"))
        }
        let context = DecodingContext(
            timestamps: timestamps, unitHints: unitHints, profiles: profiles, pinnedField: pin?.field, pinnedUnit: pin?.unit)
        let outcome = MessageDecoder.decode(
            topic: levels, topicMatch: match, payload: message.payload, pinned: message.decoder ?? pin?.decoder,
            context: context, maxJSONDepth: limits.maxJSONDepth)
        switch outcome {
        case .readings(let drafts):
            return .sensors(
                drafts.map { validator.validate($0, retained: message.retained, arrivedAt: message.arrivedAt) })
        case .availability(let source, let state):
            if let problem = IdentityCheck.problem(withIdentity: source) {
                return .rejected(source: topicSource, reason: problem)
            }
            return .availability(SensorAvailability(source: SensorID(source), state: state, arrivedAt: message.arrivedAt))
        case .unitHint(let stateTopic, let hint):
            return .unitHint(stateTopic: stateTopic, hint)
        case .ignored(let why):
            return .ignored(why: why)
        case .rejected(let source, let reason):
            let named = source.flatMap { IdentityCheck.problem(withIdentity: $0) == nil ? SensorID($0) : nil }
            return .rejected(source: named ?? topicSource, reason: reason)
        }
    }
}
