/// Why the hub dropped a message or one field of it. `code` is stable for counting and tests, `detail`
/// explains the case in words a user can act on.
public struct RejectionReason: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The families of problems the hub recognises.
    public enum Code: String, Sendable, Hashable, CaseIterable, Codable {
        case emptyPayload = "empty_payload"
        case oversizedPayload = "oversized_payload"
        case invalidUTF8 = "invalid_utf8"
        case malformedPayload = "malformed_payload"
        case tooDeep = "too_deep"
        case nonFiniteNumber = "non_finite_number"
        case notANumber = "not_a_number"
        case localeFormattedNumber = "locale_formatted_number"
        case outOfRange = "out_of_range"
        case sentinelValue = "sentinel_value"
        case conflictingDuplicateKey = "conflicting_duplicate_key"
        case timestampInFuture = "timestamp_in_future"
        case hostileTopic = "hostile_topic"
        case hostileIdentity = "hostile_identity"
        case rateLimited = "rate_limited"
        case sensorLimitReached = "sensor_limit_reached"
        case unknownQuantity = "unknown_quantity"
        case unsupportedUnit = "unsupported_unit"
        /// A bare number whose unit could be one of several, with no unit configured for it.
        case unknownUnit = "unknown_unit"
        case noMeasurements = "no_measurements"
        case lineTooLong = "line_too_long"
        case queueOverflow = "queue_overflow"
    }

    public let code: Code
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { detail }
}

extension RejectionReason {
    /// A new sensor while the hub tracks its maximum number of sensors.
    static let sensorLimit = RejectionReason(.sensorLimitReached, "the hub already tracks its maximum number of sensors")
}
