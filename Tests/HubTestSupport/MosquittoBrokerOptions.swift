/// Which listeners a test broker opens. Every listener is on 127.0.0.1 at a free port.
public struct MosquittoBrokerOptions: Sendable {
    /// A listener with a password file holding this user (`mosquitto_passwd -b`), anonymous access refused.
    public var passwordUser: (name: String, password: String)?
    /// A TLS listener with a server certificate from a CA made with `openssl` for the test.
    public var tls: Bool
    /// `persistence true` in the broker's data directory, so sessions and queued messages survive a
    /// restart.
    public var persistence: Bool
    /// Extra lines for the configuration file (limits for a benchmark, say).
    public var extraConfiguration: [String]

    public init(
        passwordUser: (name: String, password: String)? = nil, tls: Bool = false, persistence: Bool = true,
        extraConfiguration: [String] = []
    ) {
        self.passwordUser = passwordUser
        self.tls = tls
        self.persistence = persistence
        self.extraConfiguration = extraConfiguration
    }
}
