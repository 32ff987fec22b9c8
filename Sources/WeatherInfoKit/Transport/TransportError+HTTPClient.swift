import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

extension TransportError {
    /// What an error of AsyncHTTPClient, SwiftNIO or BoringSSL means for a transfer to `target` over a
    /// connection to `host` (the target's, or its proxy's).
    init(_ error: any Error, target: RequestURL, connectingTo host: String, maximumBodySize: Int) {
        switch error {
        case let error as TransportError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as HTTPClientError:
            self = Self(error, target: target)
        case is NIOTooManyBytesError:
            self = .tooLarge(limit: maximumBodySize)
        case let error as NIOHTTPDecompression.DecompressionError:
            self = error == .limit ? .tooLarge(limit: maximumBodySize) : .failed(detail: "the answer's compression is damaged: \(error)")
        case let error as NIOConnectionError:
            let resolved = error.dnsAError == nil || error.dnsAAAAError == nil || !error.connectionErrors.isEmpty
            self = resolved ? .connectionRefused(host: host) : .hostNotFound(host: host)
        case let error as IOError where [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode):
            self = .connectionRefused(host: host)
        case let error as NIOSSLError where error == .uncleanShutdown:
            self = .cutOff  // an HTTPS body without a length, ended by a close without TLS's goodbye
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            self = .tls(detail: "\(error)")
        case let error as HTTPParserError where error == .invalidEOFState:
            self = .cutOff
        default:
            self = .failed(detail: "\(error)")
        }
    }

    private init(_ error: HTTPClientError, target: RequestURL) {
        switch error {
        case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout,
            .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
            self = .timedOut
        case .remoteConnectionClosed, .bodyLengthMismatch:
            self = .cutOff
        case .cancelled:
            self = .cancelled
        case .unsupportedScheme(target.scheme):
            self = .schemeNotAllowed(url: target.origin)
        default:
            self = .failed(detail: "\(error)")
        }
    }
}
