/// The retained messages the hub wants on the broker and those the broker has from it on this
/// connection, so only what changed is published: at most one message per topic per change.
/// `recorded` is every topic holding a retained message of the hub's, this run's or an earlier one's,
/// which `PublishedTopicsRecord` keeps across restarts: topics the configuration no longer has
/// (Home Assistant switched off, an entity gone with the layout, another base topic) are cleared.
struct RetainedTopics: Sendable {
    private(set) var desired: [String: [UInt8]] = [:]
    /// What the broker acknowledged on the current connection.
    private var published: [String: [UInt8]] = [:]
    /// Topics with a retained message of the hub's on the broker (or about to have one).
    private(set) var recorded: Set<String>
    /// Recorded topics the hub no longer publishes, to clear with an empty retained message.
    private var obsolete: Set<String>
    /// Orders a publishing round: discovery configs first, so entities exist before their states.
    private let isDiscoveryTopic: @Sendable (String) -> Bool

    /// - Parameters:
    ///   - recorded: the topics an earlier run left retained.
    ///   - owned: every topic this configuration publishes (some only later: the panel image, a command's
    ///     answer); recorded topics outside it are cleared.
    init(recorded: Set<String>, owned: Set<String>, isDiscoveryTopic: @escaping @Sendable (String) -> Bool) {
        self.recorded = recorded
        obsolete = recorded.subtracting(owned)
        self.isDiscoveryTopic = isDiscoveryTopic
    }

    mutating func set(_ topic: String, _ payload: [UInt8]) {
        desired[topic] = payload
    }

    /// A new connection: the broker may have lost what it had (a restart without persistence), so
    /// everything is published once more.
    mutating func newConnection() {
        published.removeAll(keepingCapacity: true)
    }

    /// What to publish now, in order: discovery configs, states, then the clearing of obsolete topics
    /// (an empty payload), discovery configs first.
    var pending: [(topic: String, payload: [UInt8])] {
        let changed = desired.filter { published[$0.key] != $0.value }.map { (topic: $0.key, payload: $0.value) }
        let clears = obsolete.map { (topic: $0, payload: [UInt8]()) }
        let first = { (topic: String) in isDiscoveryTopic(topic) ? 0 : 1 }
        return changed.sorted { (first($0.topic), $0.topic) < (first($1.topic), $1.topic) }
            + clears.sorted { (first($0.topic), $0.topic) < (first($1.topic), $1.topic) }
    }

    /// Topics about to receive their first retained message, to record before publishing.
    mutating func recordPending() {
        recorded.formUnion(desired.keys)
    }

    /// The broker acknowledged `payload` on `topic`; an empty payload cleared it for good.
    mutating func acknowledged(_ topic: String, _ payload: [UInt8]) {
        if payload.isEmpty, obsolete.contains(topic) {
            obsolete.remove(topic)
            recorded.remove(topic)
        } else {
            published[topic] = payload
        }
    }

    /// Nothing is left to clear.
    var isClean: Bool { obsolete.isEmpty }
}
