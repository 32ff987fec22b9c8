import AsyncHTTPClient
import HubSystem

/// The proxy a request goes through, read from the environment as curl reads it: `https_proxy` (or
/// `HTTPS_PROXY`) for HTTPS, `http_proxy` for plain HTTP, `all_proxy` (or `ALL_PROXY`) for both, and
/// `no_proxy` (or `NO_PROXY`) listing host names, domains and IP addresses that go direct (`*` for every
/// host; unlike curl, no address ranges). A proxy is `[http://][user:password@]host[:port]` or
/// `socks5://host[:port]`, port 1080 when not given.
struct ProxyRules: Sendable {
    /// A variable's name and value.
    private typealias Setting = (name: String, value: String)

    private let https: Setting?
    private let http: Setting?
    private let exceptions: [String]

    init(environment: [String: String]) {
        func first(_ names: String...) -> Setting? {
            names.lazy.compactMap { name in environment[name].map { (name, $0.trimmedWhitespace) } }.first { !$0.value.isEmpty }
        }
        https = first("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
        http = first("http_proxy", "all_proxy", "ALL_PROXY")
        exceptions = (first("no_proxy", "NO_PROXY")?.value ?? "").split(separator: ",").map { exception in
            let entry = exception.trimmedWhitespace.lowercased()
            return entry.hasPrefix("[") && entry.hasSuffix("]") ? String(entry.dropFirst().dropLast()) : entry
        }.filter { !$0.isEmpty }
    }

    /// The proxy for `target`, nil to go direct; throws when the variable does not name a usable proxy.
    /// Messages show the proxy's scheme, host and port, never its password.
    func proxy(for target: RequestURL) throws(TransportError) -> HTTPClient.Configuration.Proxy? {
        guard let (variable, value) = target.scheme == "https" ? https : http, !bypasses(target.bareHost) else { return nil }
        let proxy = RequestURL(value.contains("://") ? value : "http://" + value)
        guard !proxy.bareHost.isEmpty, let port = proxy.port.map({ Int($0) }) ?? 1080, (1...65535).contains(port) else {
            throw .failed(detail: "\(variable) is not a proxy address (\(proxy.origin)): set it to http://host:port")
        }
        switch proxy.scheme {
        case "http":
            return .server(host: proxy.bareHost, port: port, authorization: proxy.credentials.map(Self.basicAuthorization))
        case "socks5", "socks5h":
            guard proxy.credentials == nil else {
                throw .failed(detail: "\(variable) gives a password for a SOCKS proxy (\(proxy.origin)), which the hub cannot send: use an http:// proxy")
            }
            return .socksServer(host: proxy.bareHost, port: port)
        default:
            throw .failed(detail: "\(variable) names a \(proxy.scheme) proxy (\(proxy.origin)): only http:// and socks5:// proxies work")
        }
    }

    private func bypasses(_ host: String) -> Bool {
        exceptions.contains { exception in
            let domain = exception.hasPrefix(".") ? String(exception.dropFirst()) : exception
            return exception == "*" || host == domain || host.hasSuffix("." + domain)
        }
    }

    /// `user:password`, percent-decoded, as Basic credentials.
    private static func basicAuthorization(_ credentials: Substring) -> HTTPClient.Authorization {
        let parts = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(percentDecoded)
        return .basic(username: parts[0], password: parts.count > 1 ? parts[1] : "")
    }

    /// `%40` as `@` and so on; a `%` not followed by two hex digits stays as it is.
    private static func percentDecoded(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                decoded.append(value)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
