import FoundationEssentials
import Logging

/// How a provider words its errors: what an error status means, and whether a body that is not the
/// expected answer is an error sent with a success status.
protocol ProviderErrorReading: Sendable {
    /// The fault for a response whose status is not 2xx; `placeName` is the place asked for.
    func fault(forErrorStatus response: HTTPResponse, placeName: String) -> WeatherFault
    /// The fault named by an error body sent with a success status, `nil` when the body is no error body.
    func fault(inSuccessBody response: HTTPResponse, placeName: String) -> WeatherFault?
}

/// Sends one provider request over the transport and decodes its JSON answer. Transport failures, error
/// statuses and bodies of the wrong shape become ``WeatherFault``s; the provider's ``ProviderErrorReading``
/// says what its error statuses mean. It has no memory and no manners: ``WeatherService`` decides when
/// to call.
struct ProviderHTTP: Sendable {
    let transport: any HTTPTransport
    let logger: Logger

    /// The decoded answer to `request`. `loggedAs` is the URL as it may be logged (without the key), and
    /// `key` is removed from any transport message that might quote the URL.
    func get<Payload: Decodable>(
        _ request: HTTPRequest, loggedAs url: String, redacting key: APIKey?, placeName: String,
        errors: some ProviderErrorReading, as type: Payload.Type
    ) async throws(WeatherFault) -> Payload {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            let fault = error.fault(redacting: key)
            logger.debug("weather call failed", metadata: ["weather.url": "\(url)", "weather.fault": "\(fault)"])
            throw fault
        }
        logger.debug(
            "weather call answered",
            metadata: ["weather.url": "\(url)", "http.status": "\(response.status)", "http.bytes": "\(response.body.count)"])
        guard (200..<300).contains(response.status) else {
            throw errors.fault(forErrorStatus: response, placeName: placeName)
        }
        do {
            return try JSONDecoder().decode(Payload.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw errors.fault(inSuccessBody: response, placeName: placeName) ?? Self.fault(for: error)
        } catch {
            throw .unexpectedJSON(detail: "\(error)")
        }
    }

    /// Invalid JSON at the root means "not JSON"; anything else is JSON of the wrong shape.
    private static func fault(for error: DecodingError) -> WeatherFault {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .notJSON
        case .keyNotFound(let key, let context):
            return .unexpectedJSON(detail: "missing \(path(context.codingPath + [key]))")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return .unexpectedJSON(detail: "unexpected value at \(path(context.codingPath))")
        @unknown default:
            return .unexpectedJSON(detail: "\(error)")
        }
    }

    /// "list[3].main.temp".
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the top level" : text
    }
}

extension TransportError {
    /// The fault a failed transfer means; `key` is removed from messages that may quote the URL.
    func fault(redacting key: APIKey?) -> WeatherFault {
        func redacted(_ text: String) -> String { key?.redacting(in: text) ?? text }
        return switch self {
        case .hostNotFound(let host): .hostNotFound(host: host)
        case .connectionRefused(let host): .connectionRefused(host: host)
        case .timedOut: .timedOut
        case .tls(let detail): .tlsFailure(detail: redacted(detail))
        case .cutOff: .responseCutOff
        case .tooLarge(let limit): .responseTooLarge(limit: limit)
        case .schemeNotAllowed(let url): .insecureURL(url: url)
        case .cancelled: .cancelled
        case .failed(let detail): .network(detail: redacted(detail))
        }
    }
}
