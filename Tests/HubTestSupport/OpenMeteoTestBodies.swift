public import Foundation

/// Open-Meteo-format bodies for the test servers, written from Open-Meteo's documentation
/// (https://open-meteo.com/en/docs, /en/docs/geocoding-api) and, for the error reasons, from its
/// server's source: the forecast with `timeformat=unixtime` (Unix seconds, daily times at the place's
/// local midnight), a place search, and the `{"error": true, "reason": …}` error bodies. The weather in
/// the generated forecasts is invented but shaped like the real thing.
public enum OpenMeteoTestBodies {
    /// HTTP 400 for a parameter the API does not know (the documentation's example).
    public static let invalidVariable =
        #"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly"}"#
    /// HTTP 400 for a point without data.
    public static let noData = #"{"error":true,"reason":"No data is available for this location"}"#
    /// HTTP 429 from the free API's limiter, per minute, hour and day.
    public static let minutelyLimit = #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
    public static let hourlyLimit = #"{"error":true,"reason":"Hourly API request limit exceeded. Please try again in the next hour."}"#
    public static let dailyLimit = #"{"error":true,"reason":"Daily API request limit exceeded. Please try again tomorrow."}"#
    /// HTTP 503 when the service is overloaded.
    public static let overloaded = #"{"error":true,"reason":"The service is overloaded"}"#
    /// HTTP 400 from the geocoding API (the documentation's example).
    public static let invalidCount = #"{"error":true,"reason":"Parameter count must be between 1 and 100."}"#
    /// An unknown path (the web framework's default error body).
    public static let notFound = #"{"error":true,"reason":"Not Found"}"#

    /// A place the test servers know.
    public struct Place: Sendable, Hashable {
        public var name: String
        /// ISO 3166 alpha-2.
        public var countryCode: String
        /// The country's name as the geocoder gives it.
        public var country: String
        /// The first administrative area (a US state), if any.
        public var admin1: String?
        public var latitude: Double
        public var longitude: Double
        /// The zone `timezone=auto` resolves to, and its offset.
        public var timezone: String
        public var utcOffsetSeconds: Int

        public init(
            name: String, countryCode: String, country: String, admin1: String? = nil, latitude: Double, longitude: Double,
            timezone: String, utcOffsetSeconds: Int
        ) {
            self.name = name
            self.countryCode = countryCode
            self.country = country
            self.admin1 = admin1
            self.latitude = latitude
            self.longitude = longitude
            self.timezone = timezone
            self.utcOffsetSeconds = utcOffsetSeconds
        }
    }

    /// The units a request asked for.
    public struct Units: Sendable, Hashable {
        public var fahrenheit: Bool
        public var milesPerHour: Bool

        public init(fahrenheit: Bool = false, milesPerHour: Bool = false) {
            self.fahrenheit = fahrenheit
            self.milesPerHour = milesPerHour
        }
    }

    /// The current conditions the generated forecast starts from.
    public struct Now: Sendable, Hashable {
        /// °C.
        public var temperature: Double
        public var weatherCode: Int
        /// hPa.
        public var pressure: Double

        public init(temperature: Double = 18.5, weatherCode: Int = 2, pressure: Double = 1015.3) {
            self.temperature = temperature
            self.weatherCode = weatherCode
            self.pressure = pressure
        }
    }

    /// Daily weather codes of the generated forecasts, from today: rain, thunderstorm with hail, clear,
    /// snow, overcast, partly cloudy.
    public static let dailyCodes = [61, 96, 0, 71, 3, 2]

    /// `/v1/forecast` for the place at `time`, as asked by the hub: current conditions at the last
    /// 15-minute step, hourly from 6 hours before the current local hour to 47 after, and 6 days from the
    /// local midnight of today. Temperatures rise by day; the pressure falls 0.5 hPa an hour.
    public static func forecast(_ place: Place, at time: Date, units: Units = Units(), now: Now = Now()) -> String {
        let offset = place.utcOffsetSeconds
        let seconds = Int(time.timeIntervalSince1970)
        let step = seconds / 900 * 900
        let hour = floor(seconds + offset, 3600) - offset
        let midnight = floor(seconds + offset, 86_400) - offset
        let hours = (-6..<48).map { hour + $0 * 3600 }
        let localHour = { (instant: Int) in (instant + offset).positiveModulo(86_400) / 3600 }
        let isDay = { (instant: Int) in (6..<20).contains(localHour(instant)) ? 1 : 0 }
        let temperature = { (celsius: Double) in units.fahrenheit ? ((celsius * 9 / 5 + 32) * 10).rounded() / 10 : celsius }
        let speed = { (metresPerSecond: Double) in units.milesPerHour ? (metresPerSecond * 2.237 * 10).rounded() / 10 : metresPerSecond }
        let temperatureUnit = units.fahrenheit ? "°F" : "°C"
        let speedUnit = units.milesPerHour ? "mp/h" : "m/s"
        let hourlyCodes = [0, 1, 2, 3, 61, 80]
        let days = 0..<6
        return json([
            "latitude": place.latitude, "longitude": place.longitude, "generationtime_ms": 0.12, "utc_offset_seconds": offset,
            "timezone": place.timezone, "timezone_abbreviation": "GMT\(offset >= 0 ? "+" : "-")\(abs(offset) / 3600)", "elevation": 38.0,
            "current_units": [
                "time": "unixtime", "interval": "seconds", "temperature_2m": temperatureUnit, "relative_humidity_2m": "%",
                "apparent_temperature": temperatureUnit, "is_day": "", "weather_code": "wmo code", "cloud_cover": "%",
                "pressure_msl": "hPa", "wind_speed_10m": speedUnit, "wind_direction_10m": "°", "wind_gusts_10m": speedUnit,
            ],
            "current": [
                "time": step, "interval": 900, "temperature_2m": temperature(now.temperature), "relative_humidity_2m": 64,
                "apparent_temperature": temperature(now.temperature - 1), "is_day": isDay(step), "weather_code": now.weatherCode,
                "cloud_cover": 40, "pressure_msl": now.pressure, "wind_speed_10m": speed(3.6), "wind_direction_10m": 70,
                "wind_gusts_10m": speed(5.1),
            ] as [String: Any],
            "hourly_units": [
                "time": "unixtime", "temperature_2m": temperatureUnit, "apparent_temperature": temperatureUnit, "weather_code": "wmo code",
                "is_day": "", "precipitation_probability": "%", "rain": "mm", "showers": "mm", "snowfall": "cm", "pressure_msl": "hPa",
                "uv_index": "",
            ],
            "hourly": [
                "time": hours,
                "temperature_2m": hours.map { temperature(12 + Double(localHour($0)) / 2) },
                "apparent_temperature": hours.map { temperature(11 + Double(localHour($0)) / 2) },
                "weather_code": hours.indices.map { hourlyCodes[$0 % hourlyCodes.count] },
                "is_day": hours.map(isDay),
                "precipitation_probability": hours.indices.map { $0 * 5 % 100 },
                "rain": hours.indices.map { hourlyCodes[$0 % hourlyCodes.count] == 61 ? 0.8 : 0.0 },
                "showers": hours.indices.map { hourlyCodes[$0 % hourlyCodes.count] == 80 ? 1.2 : 0.0 },
                "snowfall": hours.map { _ in 0.0 },
                "pressure_msl": hours.indices.map { ((now.pressure + 3 - Double($0) * 0.5) * 10).rounded() / 10 },
                "uv_index": hours.map { isDay($0) == 1 ? 3.55 : 0.0 },
            ] as [String: Any],
            "daily_units": [
                "time": "unixtime", "weather_code": "wmo code", "temperature_2m_max": temperatureUnit, "temperature_2m_min": temperatureUnit,
                "precipitation_probability_max": "%", "rain_sum": "mm", "showers_sum": "mm", "snowfall_sum": "cm", "uv_index_max": "",
                "sunrise": "unixtime", "sunset": "unixtime",
            ],
            "daily": [
                "time": days.map { midnight + $0 * 86_400 },
                "weather_code": days.map { dailyCodes[$0] },
                "temperature_2m_max": days.map { temperature(20 + Double($0)) },
                "temperature_2m_min": days.map { temperature(10 + Double($0)) },
                "precipitation_probability_max": [80, 60, 0, 40, 10, 5],
                "rain_sum": [4.2, 10.5, 0.0, 0.0, 0.2, 0.0],
                "showers_sum": [1.0, 3.0, 0.0, 0.0, 0.0, 0.0],
                "snowfall_sum": [0.0, 0.0, 0.0, 2.8, 0.0, 0.0],
                "uv_index_max": [4.1, 5.2, 6.3, 2.0, 3.3, 4.4],
                "sunrise": days.map { midnight + $0 * 86_400 + 6 * 3600 + 1800 },
                "sunset": days.map { midnight + $0 * 86_400 + 19 * 3600 + 2700 },
            ] as [String: Any],
        ])
    }

    /// `/v1/search` listing these places; without any, `results` is left out, as Open-Meteo does.
    public static func search(_ places: [Place]) -> String {
        guard !places.isEmpty else { return #"{"generationtime_ms":0.41}"# }
        return json([
            "results": places.enumerated().map { index, place in
                var entry: [String: Any] = [
                    "id": 2_950_159 + index, "name": place.name, "latitude": place.latitude, "longitude": place.longitude,
                    "elevation": 74.0, "feature_code": "PPLA", "country_code": place.countryCode, "timezone": place.timezone,
                    "population": 100_000, "country_id": 2_921_044, "country": place.country,
                ]
                if let admin1 = place.admin1 { entry["admin1"] = admin1 }
                return entry
            },
            "generationtime_ms": 0.41,
        ])
    }

    /// Rounds down to a multiple of `unit`, also below zero.
    private static func floor(_ value: Int, _ unit: Int) -> Int {
        value - value.positiveModulo(unit)
    }

    private static func json(_ object: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

extension Int {
    /// The remainder in 0..<divisor.
    fileprivate func positiveModulo(_ divisor: Int) -> Int {
        (self % divisor + divisor) % divisor
    }
}
