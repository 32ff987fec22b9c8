import AsyncHTTPClient
import FoundationEssentials
import HubSystem
import NIOCore
import NIOHTTP1

/// The real ``HTTPTransport``: AsyncHTTPClient on the event loop the hub already runs, with BoringSSL and
/// the system's CA store. Transfers are rare (a few per ten minutes); they wait on the loop, never on a
/// thread of their own, and idle connections close after a minute.
public struct HTTPClientTransport: HTTPTransport {
    /// Limits and policy applied to every transfer.
    public struct Configuration: Sendable, Hashable {
        /// Longest wait for the TCP connection.
        public var connectTimeout: Duration
        /// Longest wait for the whole transfer, connection included (a trickling server ends here).
        public var totalTimeout: Duration
        /// Largest body accepted, after decompression; a longer one fails with ``TransportError/tooLarge(limit:)``.
        public var maximumBodySize: Int
        /// Plain `http://` is refused unless this is set (tests on loopback, a local caching proxy).
        public var allowsPlainHTTP: Bool
        /// The `User-Agent` header.
        public var userAgent: String

        public init(
            connectTimeout: Duration = .seconds(10),
            totalTimeout: Duration = .seconds(30),
            maximumBodySize: Int = 1 << 20,
            allowsPlainHTTP: Bool = false,
            userAgent: String = "WeatherHub"
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumBodySize = maximumBodySize
            self.allowsPlainHTTP = allowsPlainHTTP
            self.userAgent = userAgent
        }
    }

    public let configuration: Configuration
    private let proxies: ProxyRules

    /// - Parameter environment: where `https_proxy`, `http_proxy`, `all_proxy` and `no_proxy` are read, as
    ///   curl reads them; the process's own when nil.
    public init(configuration: Configuration = Configuration(), environment: [String: String]? = nil) {
        self.configuration = configuration
        proxies = ProxyRules(environment: environment ?? ProcessInfo.processInfo.environment)
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let target = RequestURL(request.url)
        guard target.scheme == "https" || (target.scheme == "http" && configuration.allowsPlainHTTP) else {
            throw .schemeNotAllowed(url: target.origin)
        }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.headers.add(name: "User-Agent", value: configuration.userAgent)
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        for header in request.headers {
            outgoing.headers.replaceOrAdd(name: header.name, value: header.value)
        }
        let proxy = try proxies.proxy(for: target)
        let client = SharedHTTPClients.client(
            for: .init(connectTimeout: configuration.connectTimeout, maximumBodySize: configuration.maximumBodySize, proxy: proxy))
        let (prepared, limits) = (outgoing, configuration)
        // AsyncHTTPClient's deadline ends the wait for the head; the body has the same time limit here.
        let outcome = await withTimeout(limits.totalTimeout) { () async -> Result<HTTPResponse, any Error> in
            do {
                let response = try await client.execute(prepared, deadline: .now() + TimeAmount(limits.totalTimeout))
                let body = try await response.body.collect(upTo: limits.maximumBodySize)
                return .success(HTTPResponse(
                    status: Int(response.status.code), headers: response.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
                    body: Array(buffer: body)))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let response)?:
            return response
        case .failure(let error)?:
            throw TransportError(
                error, target: target, connectingTo: proxy?.host ?? target.host, maximumBodySize: configuration.maximumBodySize)
        case nil:
            throw .timedOut
        }
    }
}
