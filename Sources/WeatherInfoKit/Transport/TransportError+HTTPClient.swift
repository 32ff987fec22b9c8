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
        case let error as IOError where [ECONNRESET, EPIPE].contains(error.errnoCode):
            self = .cutOff  // the peer reset the connection: during the handshake, or before the answer was whole
        case let error as NIOSSLError where error == .uncleanShutdown:
            self = .cutOff  // an HTTPS body without a length, ended by a close without TLS's goodbye
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            self = .tls(detail: Self.tlsDetail(error))
        case let error as HTTPParserError where error == .invalidEOFState:
            self = .cutOff
        default:
            self = .failed(detail: "\(error)")
        }
    }

    /// BoringSSL's reasons in words ("certificate verify failed"), without its error numbers and the
    /// paths of its source files; other TLS errors as SwiftNIO describes them.
    private static func tlsDetail(_ error: any Error) -> String {
        let boringSSL: BoringSSLError? =
            switch error as? NIOSSLError {
            case .handshakeFailed(let inner)?, .shutdownFailed(let inner)?: inner
            default: error as? BoringSSLError
            }
        guard let stack = boringSSL?.stack, !stack.isEmpty else { return "\(error)" }
        return stack.map(\.reason).joined(separator: "; ")
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

extension BoringSSLError {
    /// The errors BoringSSL reported, for the cases that carry them.
    fileprivate var stack: [BoringSSLInternalError]? {
        switch self {
        case .sslError(let stack), .unknownError(let stack), .invalidSNIName(let stack), .failedToSetALPN(let stack): stack
        default: nil
        }
    }
}

extension BoringSSLInternalError {
    /// "Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at
    /// /…/handshake.cc:393" reads "certificate verify failed"; one SwiftNIO made up ("Error:  EOF during
    /// handshake") reads as its text.
    fileprivate var reason: String {
        let text = description.firstRange(of: " at ").map { description[..<$0.lowerBound] } ?? description[...]
        let message = (text.hasPrefix("Error:") ? text.dropFirst("Error:".count) : text).drop { $0 == " " }
        guard let code = message.firstRange(of: "error:").map({ message[$0.upperBound...] }) else { return String(message) }
        return (code.split(separator: ":").last ?? code).replacing("_", with: " ").lowercased()
    }
}
