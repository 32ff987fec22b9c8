/// The parts of a request's absolute URL that messages and proxy rules need. Never the path or query,
/// which hold the API key.
struct RequestURL {
    /// `https`, `http`, lowercased; empty when the URL has none.
    let scheme: String
    /// Scheme, host and port, without credentials, path or query.
    let origin: String
    /// The host, brackets kept around an IPv6 address.
    let host: String

    init(_ url: String) {
        let schemeEnd = url.firstRange(of: "://")
        scheme = schemeEnd.map { url[..<$0.lowerBound].lowercased() } ?? ""
        let authorityStart = schemeEnd?.upperBound ?? url.startIndex
        let pathStart = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        let authority = url[authorityStart..<pathStart]
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        origin = String(url[..<authorityStart] + hostAndPort)
        host = hostAndPort.hasPrefix("[")
            ? String(hostAndPort.prefix { $0 != "]" }) + "]"
            : String(hostAndPort.prefix { $0 != ":" })
    }
}
