/// One field of a message the hub refused to keep, with the key it arrived under.
public struct FieldRejection: Sendable, Hashable {
    /// The payload's key (`temperature`, `tempc`, `observed_at`…) or the SI key when known.
    public let key: String
    public let reason: RejectionReason

    public init(key: String, reason: RejectionReason) {
        self.key = key
        self.reason = reason
    }
}
