import AsyncHTTPClient
import FoundationEssentials
import HubSystem

/// The proxy a request goes through, read from the environment as curl reads it: `https_proxy` (or
/// `HTTPS_PROXY`) for HTTPS, `http_proxy` for plain HTTP, `all_proxy` for both, and `no_proxy` (or
/// `NO_PROXY`) listing hosts and domains that go direct (`*` for every host). A proxy is
/// `[http://][user:password@]host[:port]` (port 1080 when not given) or `socks5://host[:port]`.
struct ProxyRules: Sendable {
    private let https: String?
    private let http: String?
    private let exceptions: [String]

    init(environment: [String: String]) {
        func first(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0]?.trimmedWhitespace }.first { !$0.isEmpty }
        }
        https = first("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
        http = first("http_proxy", "all_proxy", "ALL_PROXY")
        exceptions = (first("no_proxy", "NO_PROXY") ?? "").split(separator: ",")
            .map { $0.trimmedWhitespace.lowercased() }.filter { !$0.isEmpty }
    }

    /// The proxy for `target`, nil to go direct; throws when the variable does not name a usable proxy.
    func proxy(for target: RequestURL) throws(TransportError) -> HTTPClient.Configuration.Proxy? {
        let secure = target.scheme == "https"
        guard let value = secure ? https : http, !bypasses(target.host.lowercased()) else { return nil }
        let variable = secure ? "https_proxy" : "http_proxy"
        var rest = Substring(value)
        var scheme = "http"
        if let separator = rest.firstRange(of: "://") {
            scheme = rest[..<separator.lowerBound].lowercased()
            rest = rest[separator.upperBound...]
        }
        rest = rest.prefix { $0 != "/" }
        var credentials: Substring?
        if let at = rest.lastIndex(of: "@") {
            credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        let host: Substring
        var port: Substring?
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let afterHost = rest[rest.index(after: close)...]
            port = afterHost.isEmpty ? nil : afterHost.dropFirst()
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            port = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty, let portNumber = port.map({ Int($0) }) ?? 1080, (1...65535).contains(portNumber) else {
            throw .failed(detail: "\(variable) is not a proxy address (\(value)): set it to http://host:port")
        }
        switch scheme {
        case "http":
            return .server(host: String(host), port: portNumber, authorization: credentials.map(Self.basicAuthorization))
        case "socks5", "socks5h":
            return .socksServer(host: String(host), port: portNumber)
        default:
            throw .failed(detail: "\(variable) names a \(scheme) proxy (\(value)): only http:// and socks5:// proxies work")
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
