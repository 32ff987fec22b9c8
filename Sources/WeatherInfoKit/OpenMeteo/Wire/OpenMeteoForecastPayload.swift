/// The body of `/v1/forecast` asked with `timeformat=unixtime` and `timezone=auto`: every time is Unix
/// seconds (UTC), a daily time is the location's local midnight, and `utc_offset_seconds` is the
/// location's offset when the answer was made. A value the models do not have is `null`. Arrays are
/// read by position in `time`; a missing or short array reads as `null`.
struct OpenMeteoForecastPayload: Decodable {
    var utcOffsetSeconds: Int
    var currentUnits: [String: String]?
    var current: Current
    var hourlyUnits: [String: String]?
    var hourly: Hourly
    var dailyUnits: [String: String]?
    var daily: Daily

    private enum CodingKeys: String, CodingKey {
        case current, hourly, daily
        case utcOffsetSeconds = "utc_offset_seconds"
        case currentUnits = "current_units"
        case hourlyUnits = "hourly_units"
        case dailyUnits = "daily_units"
    }

    /// `current`: the model's 15-minutely values at `time` (the values the panel needs are required).
    struct Current: Decodable {
        var time: Double
        var temperature: Double
        var relativeHumidity: Double
        var apparentTemperature: Double?
        var isDay: Double?
        var weatherCode: Double?
        var cloudCover: Double
        var pressure: Double
        var windSpeed: Double
        var windDirection: Double?
        var windGusts: Double?

        private enum CodingKeys: String, CodingKey {
            case time
            case temperature = "temperature_2m"
            case relativeHumidity = "relative_humidity_2m"
            case apparentTemperature = "apparent_temperature"
            case isDay = "is_day"
            case weatherCode = "weather_code"
            case cloudCover = "cloud_cover"
            case pressure = "pressure_msl"
            case windSpeed = "wind_speed_10m"
            case windDirection = "wind_direction_10m"
            case windGusts = "wind_gusts_10m"
        }
    }

    /// `hourly`: amounts and the precipitation probability are those of the hour ending at `time`.
    struct Hourly: Decodable {
        var time: [Double]
        var temperature: [Double?]
        var apparentTemperature: [Double?]?
        var weatherCode: [Double?]?
        var isDay: [Double?]?
        var precipitationProbability: [Double?]?
        var rain: [Double?]?
        var showers: [Double?]?
        var snowfall: [Double?]?
        var pressure: [Double?]?
        var uvIndex: [Double?]?

        private enum CodingKeys: String, CodingKey {
            case time, rain, showers, snowfall
            case temperature = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case weatherCode = "weather_code"
            case isDay = "is_day"
            case precipitationProbability = "precipitation_probability"
            case pressure = "pressure_msl"
            case uvIndex = "uv_index"
        }
    }

    /// `daily`: Open-Meteo's own days at the location.
    struct Daily: Decodable {
        var time: [Double]
        var weatherCode: [Double?]?
        var temperatureMax: [Double?]
        var temperatureMin: [Double?]
        var precipitationProbabilityMax: [Double?]?
        var rainSum: [Double?]?
        var showersSum: [Double?]?
        var snowfallSum: [Double?]?
        var uvIndexMax: [Double?]?
        var sunrise: [Double?]?
        var sunset: [Double?]?

        private enum CodingKeys: String, CodingKey {
            case time, sunrise, sunset
            case weatherCode = "weather_code"
            case temperatureMax = "temperature_2m_max"
            case temperatureMin = "temperature_2m_min"
            case precipitationProbabilityMax = "precipitation_probability_max"
            case rainSum = "rain_sum"
            case showersSum = "showers_sum"
            case snowfallSum = "snowfall_sum"
            case uvIndexMax = "uv_index_max"
        }
    }
}

extension Array where Element == Double? {
    /// The value at `index`, `nil` when it is `null` or past the end.
    subscript(safe index: Int) -> Double? {
        indices.contains(index) ? self[index] : nil
    }
}

extension Optional where Wrapped == [Double?] {
    /// The value at `index` of an array that may be absent.
    subscript(safe index: Int) -> Double? {
        self?[safe: index] ?? nil
    }
}
