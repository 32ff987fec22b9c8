/// `http:` — where the hub's web side listens: TRMNL's device API, the displays' images and the status
/// page. It runs only when `http:` or `displays:` is configured.
public struct HTTPSettings: Sendable, Hashable {
    /// The certificate chain and private key (PEM files) for HTTPS.
    public struct TLSFiles: Sendable, Hashable {
        public var certificate: String
        public var privateKey: String

        public init(certificate: String, privateKey: String) {
            self.certificate = certificate
            self.privateKey = privateKey
        }
    }

    /// The port TRMNL's BYOS servers use, reachable from the local network.
    public static let defaultPort = 2300

    /// The address to listen on; every interface by default, so devices on the LAN reach it.
    public var address: String
    public var port: Int
    /// How devices reach the hub (`http://hub.local:2300`), for the image URLs given to them; by default
    /// the scheme and `Host` of each request.
    public var publicURL: String?
    public var tls: TLSFiles?
    /// Whether `/` shows the read-only status page with every display's frame.
    public var statusPage: Bool

    public init(
        address: String = "0.0.0.0", port: Int = HTTPSettings.defaultPort, publicURL: String? = nil, tls: TLSFiles? = nil,
        statusPage: Bool = true
    ) {
        self.address = address
        self.port = port
        self.publicURL = publicURL
        self.tls = tls
        self.statusPage = statusPage
    }
}
