#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The control protocol between `weatherctl` and `weatherhub`: JSON lines over a Unix socket.
///
/// A request is one line: `{"version":1,"id":7,"method":"reload","params":{"kind":"weather","wait":true}}`.
/// The answer is one line with the same id: `{"version":1,"id":7,"ok":true,"result":{…}}` or
/// `{"version":1,"id":7,"ok":false,"error":{"code":"unknownMethod","message":"…"}}`. Requests are at
/// most `maximumRequestBytes`; unknown fields are ignored so newer clients can talk to older services.
public enum ControlProtocol {
    public static let version = 1
    /// The largest request line the service reads; longer ones are refused and the connection closed.
    public static let maximumRequestBytes = 64 * 1024
    /// The largest answer line the client reads.
    public static let maximumResponseBytes = 4 * 1024 * 1024
    /// The socket's file name in the runtime directory.
    public static let socketName = "control.sock"
}

/// Why the service refused or failed a request.
public enum ControlErrorCode: String, Sendable, Codable, Hashable {
    /// The line is not JSON, or misses `version`, `id` or `method`.
    case badRequest
    /// The request's protocol version is not spoken here.
    case unsupportedVersion
    /// No such method.
    case unknownMethod
    /// The method's parameters are missing or wrong.
    case invalidParams
    /// The line is longer than the limit.
    case tooLarge
    /// The service could not do it; the message says why.
    case failed
    /// The service is rebuilding itself from a new configuration; ask again in a moment.
    case unavailable
}

/// The error part of a failed answer.
public struct ControlErrorBody: Sendable, Codable, Hashable {
    public var code: ControlErrorCode
    public var message: String

    public init(code: ControlErrorCode, message: String) {
        self.code = code
        self.message = message
    }
}

/// The first fields of a request, read before its parameters.
struct RequestHeader: Decodable {
    var version: Int
    var id: Int
    var method: String
}

/// A request with its parameters.
struct Request<Params: Codable>: Codable {
    var version: Int
    var id: Int
    var method: String
    var params: Params
}

/// An answer, successful or not.
struct Response<Result: Codable>: Codable {
    var version: Int
    var id: Int
    var ok: Bool
    var result: Result?
    var error: ControlErrorBody?
}

/// Parameters or result of a method that has none.
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}

extension JSONEncoder {
    /// The encoder of protocol lines: one line each, dates as seconds since 1970.
    static var controlLine: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    static var controlLine: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
