/// The parts of an absolute URL that messages, proxies and `no_proxy` need. `origin` never holds the
/// credentials, path or query (where API keys and passwords are), so it may be shown.
struct RequestURL {
    /// `https`, `http`, lowercased; empty when the URL has none.
    let scheme: String
    /// Scheme, host and port.
    let origin: String
    /// The host, brackets kept around an IPv6 address.
    let host: String
    /// The port as written, if any.
    let port: String?
    /// `user:password` as written, if any.
    let credentials: Substring?

    init(_ url: String) {
        let schemeEnd = url.firstRange(of: "://")
        scheme = schemeEnd.map { url[..<$0.lowerBound].lowercased() } ?? ""
        let authorityStart = schemeEnd?.upperBound ?? url.startIndex
        let pathStart = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        var hostAndPort = url[authorityStart..<pathStart]
        if let at = hostAndPort.lastIndex(of: "@") {
            credentials = hostAndPort[..<at]
            hostAndPort = hostAndPort[hostAndPort.index(after: at)...]
        } else {
            credentials = nil
        }
        origin = String(url[..<authorityStart] + hostAndPort)
        let hostEnd = hostAndPort.hasPrefix("[")
            ? hostAndPort.firstIndex(of: "]").map(hostAndPort.index(after:)) ?? hostAndPort.endIndex
            : hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
        host = String(hostAndPort[..<hostEnd])
        let afterHost = hostAndPort[hostEnd...]
        port = afterHost.hasPrefix(":") ? String(afterHost.dropFirst()) : nil
    }

    /// The host without the brackets of an IPv6 address, lowercased.
    var bareHost: String {
        (host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host).lowercased()
    }
}
