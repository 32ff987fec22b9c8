#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The broker connection as `weatherctl status` shows it.
public struct MQTTConnectionStatus: Sendable, Equatable {
    /// Where the connection stands.
    public enum State: String, Sendable, Equatable {
        /// Not started yet.
        case idle
        /// Connecting, or waiting to reconnect after a failure.
        case connecting
        /// Connected and subscribed.
        case connected
        case disconnected
        /// Stopped for good (shutdown).
        case stopped
    }

    public var state: State = .idle
    /// The last failure, in words (`connection refused`, `not authorised`, a TLS error…).
    public var lastError: String?
    public var lastErrorAt: Date?
    /// Successful connections after the first one.
    public var reconnectCount = 0
    /// Failed connection attempts since the last success.
    public var consecutiveFailures = 0
    public var connectedSince: Date?
    /// The broker still held the hub's session (subscriptions and queued messages) on the last connect.
    public var sessionPresent = false
    /// All subscriptions acknowledged on the current connection.
    public var subscribed = false
    public var messagesReceived = 0
    /// Messages dropped because the hand-over queue to the consumer was full (the oldest go first).
    public var messagesDropped = 0

    public init() {}
}
