import FoundationEssentials
import Logging

/// Makes single OpenWeatherMap calls: builds the request, sends it over the transport and turns the
/// status and body into models or a ``WeatherFault``. It has no memory and no manners of its own; the
/// ``OpenWeatherMapService`` decides when to call.
struct OpenWeatherMapClient: Sendable {
    let configuration: OpenWeatherMapConfiguration
    let transport: any HTTPTransport
    let now: @Sendable () -> Date
    let logger: Logger

    func currentConditions(for location: Location, key: APIKey) async throws(WeatherFault) -> CurrentConditions {
        let endpoint = OpenWeatherMapEndpoint.currentWeather(for: location, configuration: configuration)
        let payload = try await call(endpoint, key: key, placeName: location.name, as: CurrentWeatherPayload.self)
        return payload.conditions
    }

    func forecast(for location: Location, key: APIKey) async throws(WeatherFault) -> Forecast {
        let endpoint = OpenWeatherMapEndpoint.forecast(for: location, configuration: configuration)
        let payload = try await call(endpoint, key: key, placeName: location.name, as: ForecastPayload.self)
        return payload.forecast(requestedLongitude: location.coordinates?.longitude)
    }

    func oneCall(at coordinates: Coordinates, placeName: String, key: APIKey) async throws(WeatherFault) -> (CurrentConditions, Forecast) {
        let endpoint = OpenWeatherMapEndpoint.oneCall(at: coordinates, configuration: configuration)
        let payload = try await call(endpoint, key: key, placeName: placeName, as: OneCallPayload.self)
        return (payload.currentConditions, payload.forecast)
    }

    /// Geocoding candidates; an empty list when the name matches nothing.
    func locations(matching name: String, limit: Int, key: APIKey) async throws(WeatherFault) -> [Location] {
        let endpoint = OpenWeatherMapEndpoint.geocoding(name, limit: limit)
        let payload = try await call(endpoint, key: key, placeName: name, as: [GeocodingPayload].self)
        return payload.map { $0.location(language: configuration.language) }
    }

    private func call<Payload: Decodable>(
        _ endpoint: OpenWeatherMapEndpoint, key: APIKey, placeName: String, as type: Payload.Type
    ) async throws(WeatherFault) -> Payload {
        let redactedURL = endpoint.redactedURL(baseURL: configuration.baseURL)
        let response: HTTPResponse
        do {
            response = try await transport.send(endpoint.request(baseURL: configuration.baseURL, key: key))
        } catch {
            let fault = Self.fault(for: error, key: key)
            logger.debug("OpenWeatherMap call failed", metadata: ["owm.url": "\(redactedURL)", "owm.fault": "\(fault.panelLine)"])
            throw fault
        }
        logger.debug(
            "OpenWeatherMap answered",
            metadata: ["owm.url": "\(redactedURL)", "http.status": "\(response.status)", "http.bytes": "\(response.body.count)"])
        return try decode(response, placeName: placeName, as: type)
    }

    /// Goes by the HTTP status first, then by the body; a success status with an error body (`cod` other
    /// than 200) is read as that error.
    private func decode<Payload: Decodable>(_ response: HTTPResponse, placeName: String, as type: Payload.Type) throws(WeatherFault) -> Payload {
        let body = Data(response.body)
        guard (200..<300).contains(response.status) else {
            let message = (try? JSONDecoder().decode(ErrorPayload.self, from: body))?.message ?? ""
            throw fault(status: response.status, message: message, response: response, placeName: placeName)
        }
        do {
            return try JSONDecoder().decode(Payload.self, from: body)
        } catch let error as DecodingError {
            if let errorBody = try? JSONDecoder().decode(ErrorPayload.self, from: body),
                let code = errorBody.cod?.value, !(200..<300).contains(code)
            {
                throw fault(status: code, message: errorBody.message ?? "", response: response, placeName: placeName)
            }
            throw Self.fault(for: error)
        } catch {
            throw .unexpectedJSON(detail: "\(error)")
        }
    }

    private func fault(status: Int, message: String, response: HTTPResponse, placeName: String) -> WeatherFault {
        switch status {
        case 401 where message.lowercased().contains("subscription"): .oneCallNotSubscribed
        case 401: .keyRefused
        case 404: .locationNotFound(name: placeName)
        case 429: .rateLimited(until: RetryAfter.date(from: response.value(forHeader: "Retry-After"), now: now()))
        case 500..<600: .serverError(status: status)
        default: .unexpectedStatus(status: status, message: message)
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

    private static func fault(for error: TransportError, key: APIKey) -> WeatherFault {
        switch error {
        case .hostNotFound(let host): .hostNotFound(host: host)
        case .connectionRefused(let host): .connectionRefused(host: host)
        case .timedOut: .timedOut
        case .tls(let detail): .tlsFailure(detail: key.redacting(in: detail))
        case .cutOff: .responseCutOff
        case .tooLarge(let limit): .responseTooLarge(limit: limit)
        case .schemeNotAllowed(let url): .insecureURL(url: url)
        case .cancelled: .cancelled
        case .libraryUnavailable(let reason): .libcurlUnavailable(reason: reason)
        case .failed(let code, let detail): .network(code: code, detail: key.redacting(in: detail))
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
