/// OpenWeatherMap's part of a refresh: the free endpoints' two calls, or One Call's one (after geocoding
/// a place known only by name once), with the key from the ``APIKeySource``.
struct OpenWeatherMapFetcher: WeatherFetcher {
    let configuration: OpenWeatherMapConfiguration
    let keySource: APIKeySource
    let client: OpenWeatherMapClient

    var provider: WeatherProvider { .openWeatherMap }
    var units: Units { configuration.units }
    var dailyCallLimit: Int { configuration.dailyCallLimit }

    var description: String {
        switch configuration.plan {
        case .freeEndpoints: "OpenWeatherMap, free endpoints (current weather + 5-day forecast)"
        case .oneCall: "OpenWeatherMap One Call 3.0"
        }
    }

    func key() throws(WeatherFault) -> APIKeySource.Found? {
        let found: APIKeySource.Found?
        do {
            found = try keySource.load()
        } catch {
            throw .keyUnusable(error)
        }
        guard let found else { throw .keyMissing }
        return found
    }

    func keyOrigin() -> String? {
        switch Result(catching: { () throws(APIKeyError) in try keySource.load() }) {
        case .success(let found): found?.origin
        case .failure(let error): "\(error.origin) (unusable: \(error.reason))"
        }
    }

    func refresh(_ location: Location, key: APIKey?, in service: isolated WeatherService) async throws(WeatherFault) {
        guard let key else { throw .keyMissing }
        switch configuration.plan {
        case .freeEndpoints:
            try service.spendCalls(1)
            service.keep(try await client.currentConditions(for: location, key: key), for: location)
            try service.spendCalls(1)
            service.keep(try await client.forecast(for: location, key: key), for: location)
        case .oneCall:
            let coordinates = try await service.coordinates(for: location, key: key)
            try service.spendCalls(1)
            let (current, forecast) = try await client.oneCall(at: coordinates, placeName: location.name, key: key)
            service.keep(current, for: location)
            service.keep(forecast, for: location)
        }
    }

    func locations(matching name: String, limit: Int, key: APIKey?, in service: isolated WeatherService) async throws(WeatherFault) -> [Location] {
        guard let key else { throw .keyMissing }
        try service.spendCalls(1)
        return try await client.locations(matching: name, limit: limit, key: key)
    }
}
