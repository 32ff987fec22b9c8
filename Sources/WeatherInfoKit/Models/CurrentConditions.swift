public import FoundationEssentials

/// The weather at the location now (`/data/2.5/weather` or One Call's `current`), in the report's
/// ``Units``.
public struct CurrentConditions: Sendable, Hashable, Codable {
    /// When the station or model observed it (UTC instant).
    public var observedAt: Date
    public var temperature: Double
    /// Absent in legacy responses.
    public var feelsLike: Double?
    /// Relative humidity in %.
    public var humidity: Int
    /// Sea-level pressure in hPa (whatever the units).
    public var pressure: Int
    public var wind: Wind
    /// Visibility in metres (at most 10 000); often absent.
    public var visibility: Int?
    /// Cloud cover in %.
    public var cloudiness: Int
    /// Every condition reported, the main one first (OpenWeatherMap may give several, "rain" and "mist").
    public var conditions: [WeatherCondition]
    /// Rain in the last hour, mm; absent when it did not rain.
    public var rainLastHour: Double?
    /// Snow in the last hour, mm; absent when it did not snow.
    public var snowLastHour: Double?
    public var sunrise: Date?
    public var sunset: Date?
    /// The location's shift from UTC in seconds at the time of the observation (it changes with DST);
    /// absent in legacy responses.
    public var utcOffsetSeconds: Int?
    /// The UV index (WHO scale, 0 and up); only One Call and Open-Meteo give it.
    public var uvIndex: Double?

    public init(
        observedAt: Date, temperature: Double, feelsLike: Double?, humidity: Int, pressure: Int, wind: Wind,
        visibility: Int?, cloudiness: Int, conditions: [WeatherCondition], rainLastHour: Double?,
        snowLastHour: Double?, sunrise: Date?, sunset: Date?, utcOffsetSeconds: Int?, uvIndex: Double? = nil
    ) {
        self.observedAt = observedAt
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.humidity = humidity
        self.pressure = pressure
        self.wind = wind
        self.visibility = visibility
        self.cloudiness = cloudiness
        self.conditions = conditions
        self.rainLastHour = rainLastHour
        self.snowLastHour = snowLastHour
        self.sunrise = sunrise
        self.sunset = sunset
        self.utcOffsetSeconds = utcOffsetSeconds
        self.uvIndex = uvIndex
    }

    /// The main condition (`weather[0]`), if the response listed any.
    public var condition: WeatherCondition? { conditions.first }
}
