import FoundationEssentials

/// Makes single OpenWeatherMap calls: builds the request and turns the answer into models or a
/// ``WeatherFault``. It has no memory and no manners of its own; the ``WeatherService`` decides when to
/// call.
struct OpenWeatherMapClient: Sendable {
    let configuration: OpenWeatherMapConfiguration
    let http: ProviderHTTP
    let now: @Sendable () -> Date

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
        try await http.get(
            endpoint.request(baseURL: configuration.baseURL, key: key), loggedAs: endpoint.redactedURL(baseURL: configuration.baseURL),
            redacting: key, placeName: placeName, errors: OpenWeatherMapErrors(now: now), as: type)
    }
}

/// OpenWeatherMap's errors: by the HTTP status first, then by the body; a success status with an error
/// body (`cod` other than 200) is read as that error.
struct OpenWeatherMapErrors: ProviderErrorReading {
    let now: @Sendable () -> Date

    func fault(forErrorStatus response: HTTPResponse, placeName: String) -> WeatherFault {
        let message = (try? JSONDecoder().decode(ErrorPayload.self, from: Data(response.body)))?.message ?? ""
        return fault(status: response.status, message: message, response: response, placeName: placeName)
    }

    func fault(inSuccessBody response: HTTPResponse, placeName: String) -> WeatherFault? {
        guard let errorBody = try? JSONDecoder().decode(ErrorPayload.self, from: Data(response.body)),
            let code = errorBody.cod?.value, !(200..<300).contains(code)
        else { return nil }
        return fault(status: code, message: errorBody.message ?? "", response: response, placeName: placeName)
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
}
