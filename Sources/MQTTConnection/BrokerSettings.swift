/// How to reach the MQTT broker.
public struct BrokerSettings: Sendable, Equatable {
    /// The MQTT protocol revision to speak.
    public enum ProtocolVersion: String, Sendable, Equatable {
        case v311 = "3.1.1"
        case v5 = "5"
    }

    /// Default `localhost`.
    public var host: String
    /// Default 1883 (8883 is the usual TLS port: set it with `tls`).
    public var port: Int
    /// Default 3.1.1, which every broker speaks.
    public var protocolVersion: ProtocolVersion
    /// Must be stable across restarts: the broker keeps the persistent session under it. Default `weatherhub`.
    public var clientID: String
    public var username: String?
    public var password: String?
    /// TLS towards the broker; `nil` (default) for plain TCP.
    public var tls: BrokerTLSSettings?
    /// Default 60 s.
    public var keepAlive: Duration
    /// Keep the session (subscriptions and queued QoS 1 messages) while the hub is down, so readings
    /// published meanwhile are delivered on reconnect. Default true.
    public var persistentSession: Bool
    /// How long the broker keeps that session after a disconnect (MQTT 5 only; 3.1.1 brokers keep it
    /// until their own expiry). Default 7 days.
    public var sessionExpiry: Duration
    /// First reconnect delay, doubled after each failure up to `maxReconnectDelay`. Default 1 s.
    public var reconnectDelay: Duration
    /// Default 60 s.
    public var maxReconnectDelay: Duration
    /// Where the hub announces itself (`online` on connect, `offline` as its last will), retained.
    /// `nil` disables it. Default `weatherhub/status`.
    public var availabilityTopic: String?
    public var onlinePayload: String
    public var offlinePayload: String

    public init(
        host: String = "localhost", port: Int = 1883, protocolVersion: ProtocolVersion = .v311,
        clientID: String = "weatherhub", username: String? = nil, password: String? = nil,
        tls: BrokerTLSSettings? = nil, keepAlive: Duration = .seconds(60), persistentSession: Bool = true,
        sessionExpiry: Duration = .seconds(7 * 86_400), reconnectDelay: Duration = .seconds(1),
        maxReconnectDelay: Duration = .seconds(60), availabilityTopic: String? = "weatherhub/status",
        onlinePayload: String = "online", offlinePayload: String = "offline"
    ) {
        self.host = host
        self.port = port
        self.protocolVersion = protocolVersion
        self.clientID = clientID
        self.username = username
        self.password = password
        self.tls = tls
        self.keepAlive = keepAlive
        self.persistentSession = persistentSession
        self.sessionExpiry = sessionExpiry
        self.reconnectDelay = reconnectDelay
        self.maxReconnectDelay = maxReconnectDelay
        self.availabilityTopic = availabilityTopic
        self.onlinePayload = onlinePayload
        self.offlinePayload = offlinePayload
    }
}

/// TLS towards the broker: the CA that signed its certificate, and optionally a client certificate.
public struct BrokerTLSSettings: Sendable, Equatable {
    /// PEM file of the certificate authority to trust.
    public var caFile: String
    /// PEM client certificate, when the broker requires one (`require_certificate true`).
    public var certificateFile: String?
    /// PEM private key of the client certificate.
    public var keyFile: String?

    public init(caFile: String, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
