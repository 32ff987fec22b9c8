
/// `http:` — where the web side listens. Without it, `displays:` turns it on with the defaults.
///
/// ```yaml
/// http:
///   address: 0.0.0.0        # every interface; 127.0.0.1 keeps it on this machine
///   port: 2300
///   public_url: http://weatherhub.local:2300
///   status_page: true
///   tls: { certificate: /etc/weatherhub/cert.pem, key: /etc/weatherhub/key.pem }
/// ```
enum HTTPSection {
    static func read(_ root: ConfigMapping, displaysConfigured: Bool) -> HTTPSettings? {
        guard root.contains("http") || displaysConfigured else { return nil }
        let section = root.section("http")
        let defaults = HTTPSettings()
        var settings = HTTPSettings(
            address: section.string("address", default: defaults.address),
            port: section.int("port", default: defaults.port, in: 0...65_535),
            publicURL: section.scalar("public_url", default: nil, expected: "an http:// or https:// URL") { text in
                (text.hasPrefix("http://") || text.hasPrefix("https://")) && !text.contains(" ") ? .some(text) : nil
            },
            statusPage: section.bool("status_page", default: defaults.statusPage))
        if section.contains("tls") {
            let tls = section.section("tls")
            let certificate = tls.string("certificate", default: "")
            let key = tls.string("key", default: "")
            if certificate.isEmpty || key.isEmpty {
                tls.diagnostics.report(tls.keyPath(certificate.isEmpty ? "certificate" : "key"), at: tls.node,
                                       "TLS needs both `certificate` and `key`", suggestion: "paths to PEM files the service can read")
            }
            settings.tls = HTTPSettings.TLSFiles(certificate: certificate, privateKey: key)
            tls.finish()
        }
        section.finish()
        return settings
    }
}
