/// Open-Meteo's part of a refresh: one forecast call by coordinates (after geocoding a place known only
/// by name once), which costs ``OpenMeteoEndpoint/forecastCallWeight`` calls as Open-Meteo counts them.
struct OpenMeteoFetcher: WeatherFetcher {
    let configuration: OpenMeteoConfiguration
    let client: OpenMeteoClient

    var provider: WeatherProvider { .openMeteo }
    var description: String { "Open-Meteo forecast API (no key needed)" }
    var units: Units { configuration.units }
    var dailyCallLimit: Int { configuration.dailyCallLimit }

    func refresh(_ location: Location, key: APIKey?, in service: isolated WeatherService) async throws(WeatherFault) {
        let coordinates = try await service.coordinates(for: location, key: nil)
        try service.spendCalls(OpenMeteoEndpoint.forecastCallWeight)
        let weather = try await client.weather(at: coordinates, placeName: location.name)
        service.keep(weather.current, for: location, earlierPressure: weather.earlierPressure)
        service.keep(weather.forecast, for: location)
    }

    func locations(matching name: String, limit: Int, key: APIKey?, in service: isolated WeatherService) async throws(WeatherFault) -> [Location] {
        try service.spendCalls(1)
        return try await client.locations(matching: name, limit: limit)
    }
}
