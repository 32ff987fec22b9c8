/// The real ``HTTPTransport``: libcurl with the system's OpenSSL and CA store, loaded by the first
/// transfer, so a process that never sends a request never maps it. Each transfer runs to completion on
/// a thread of its own (requests are rare, a few per 10 minutes), never on Swift's cooperative pool, and
/// is bridged back with a continuation.
public struct CurlTransport: HTTPTransport {
    /// Limits and policy applied to every transfer.
    public struct Configuration: Sendable, Hashable {
        /// Longest wait for the TCP and TLS connection.
        public var connectTimeout: Duration
        /// Longest wait for the whole transfer, connection included (a trickling server ends here).
        public var totalTimeout: Duration
        /// Largest body accepted; a longer one fails with ``TransportError/tooLarge(limit:)``.
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
            userAgent: String = "WeatherHub (libcurl)"
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumBodySize = maximumBodySize
            self.allowsPlainHTTP = allowsPlainHTTP
            self.userAgent = userAgent
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let transfer = CurlTransfer(request: request, configuration: configuration)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) in
                let started = TransferThread.start { continuation.resume(returning: transfer.perform()) }
                if !started {
                    continuation.resume(returning: .failure(.failed(code: -1, detail: "could not start a transfer thread")))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }
}
