import FoundationEssentials

/// The body of `/data/2.5/weather`. Optional keys are absent rather than null in OpenWeatherMap's
/// answers: `rain`, `snow`, `wind.gust`, `visibility`, and in legacy bodies `feels_like` and `timezone`.
struct CurrentWeatherPayload: Decodable {
    var coord: CoordinatesPayload?
    var weather: [ConditionPayload]
    var main: Main
    var visibility: Double?
    var wind: WindPayload
    var clouds: Clouds
    var rain: PrecipitationPayload?
    var snow: PrecipitationPayload?
    var dt: Double
    var sys: Sys?
    var timezone: Int?
    var name: String?

    struct Main: Decodable {
        var temp: Double
        var feelsLike: Double?
        var pressure: Double
        var humidity: Double

        private enum CodingKeys: String, CodingKey {
            case temp, pressure, humidity
            case feelsLike = "feels_like"
        }
    }

    struct Clouds: Decodable {
        var all: Double
    }

    struct Sys: Decodable {
        var country: String?
        var sunrise: Double?
        var sunset: Double?
    }

    var conditions: CurrentConditions {
        let observed = Date(timeIntervalSince1970: dt)
        let sun = SunTimesPayload(sunrise: sys?.sunrise, sunset: sys?.sunset)
        return CurrentConditions(
            observedAt: observed,
            temperature: main.temp,
            feelsLike: main.feelsLike,
            humidity: Int(main.humidity.rounded()),
            pressure: Int(main.pressure.rounded()),
            wind: wind.wind,
            visibility: visibility.map { Int($0.rounded()) },
            cloudiness: Int(clouds.all.rounded()),
            conditions: weather.map { $0.condition(fallbackIsDaytime: sun.isDaytime(at: observed)) },
            rainLastHour: rain?.lastHour,
            snowLastHour: snow?.lastHour,
            sunrise: sun.sunrise,
            sunset: sun.sunset,
            utcOffsetSeconds: timezone)
    }
}

/// `wind` in the 2.5 endpoints.
struct WindPayload: Decodable {
    var speed: Double
    var deg: Double?
    var gust: Double?

    var wind: Wind { Wind(speed: speed, gust: gust, direction: deg.map { Int($0.rounded()) }) }
}
