import FoundationEssentials

/// Makes single Open-Meteo calls: the forecast for a point and the place search. No memory and no
/// manners of its own; the ``WeatherService`` decides when to call.
struct OpenMeteoClient: Sendable {
    let configuration: OpenMeteoConfiguration
    let http: ProviderHTTP
    let now: @Sendable () -> Date

    /// Current conditions, hourly forecast and days at the point, in the configured units.
    func weather(at coordinates: Coordinates, placeName: String) async throws(WeatherFault) -> OpenMeteoWeather {
        let endpoint = OpenMeteoEndpoint.forecast(at: coordinates, configuration: configuration)
        let payload = try await call(endpoint, placeName: placeName, as: OpenMeteoForecastPayload.self)
        return try OpenMeteoWeather(payload, units: configuration.units, language: configuration.language)
    }

    /// Up to `limit` places; an empty list when the name matches nothing.
    func locations(matching name: String, limit: Int) async throws(WeatherFault) -> [Location] {
        let endpoint = OpenMeteoEndpoint.search(name, limit: limit, configuration: configuration)
        return try await call(endpoint, placeName: name, as: OpenMeteoGeocodingPayload.self).locations
    }

    private func call<Payload: Decodable>(_ endpoint: OpenMeteoEndpoint, placeName: String, as type: Payload.Type) async throws(WeatherFault) -> Payload {
        try await http.get(
            endpoint.request, loggedAs: endpoint.url, redacting: nil, placeName: placeName, errors: OpenMeteoErrors(now: now), as: type)
    }
}
