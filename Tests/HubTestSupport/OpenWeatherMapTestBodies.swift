public import Foundation

/// OpenWeatherMap-format bodies for the test servers: the exact error bodies real clients reported, and
/// success bodies built from a few numbers per city, in the documented shapes (standard or metric
/// numbers are whatever the test passes; nothing is converted).
public enum OpenWeatherMapTestBodies {
    /// HTTP 401 for a wrong, missing or not yet active key (numeric `cod`, spaces as sent).
    public static let invalidKey =
        #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
    /// HTTP 401 from `/data/3.0/onecall` for a key without the One Call subscription.
    public static let oneCallNotSubscribed =
        #"{"cod":401, "message": "Please note that using One Call 3.0 requires a separate subscription to the One Call by Call plan. Learn more here https://openweathermap.org/price. If you have a valid subscription to the One Call by Call plan, but still receive this error, then please see https://openweathermap.org/faq#error401 for more info."}"#
    /// HTTP 404 for an unknown city (`cod` is a string here).
    public static let cityNotFound = #"{"cod":"404","message":"city not found"}"#
    /// HTTP 429 when the key is over its limit.
    public static let rateLimited =
        #"{"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}"#

    /// A place the test servers know.
    public struct City: Sendable, Hashable {
        public var name: String
        /// ISO 3166 alpha-2.
        public var country: String
        /// Only for US places, as the geocoder does.
        public var state: String?
        public var latitude: Double
        public var longitude: Double
        /// The `timezone` the server reports, seconds east of UTC.
        public var utcOffsetSeconds: Int

        public init(name: String, country: String, state: String? = nil, latitude: Double, longitude: Double, utcOffsetSeconds: Int) {
            self.name = name
            self.country = country
            self.state = state
            self.latitude = latitude
            self.longitude = longitude
            self.utcOffsetSeconds = utcOffsetSeconds
        }
    }

    /// One forecast step.
    public struct Slot: Sendable, Hashable {
        public var time: Date
        public var temperature: Double
        public var conditionID: Int
        /// 0…1.
        public var pop: Double
        /// Rain over the 3 hours, mm; `nil` leaves `rain` out.
        public var rain: Double?

        public init(time: Date, temperature: Double, conditionID: Int = 800, pop: Double = 0, rain: Double? = nil) {
            self.time = time
            self.temperature = temperature
            self.conditionID = conditionID
            self.pop = pop
            self.rain = rain
        }
    }

    /// `/data/2.5/weather` for the city at `time` (`cod` a number, as OpenWeatherMap sends it).
    public static func currentWeather(
        _ city: City, at time: Date, temperature: Double = 18.5, conditionIDs: [Int] = [800], rainLastHour: Double? = nil
    ) -> String {
        var body: [String: Any] = [
            "coord": ["lon": city.longitude, "lat": city.latitude],
            "weather": conditionIDs.map { condition($0, daytime: true) },
            "base": "stations",
            "main": ["temp": temperature, "feels_like": temperature - 1, "pressure": 1015, "humidity": 64],
            "visibility": 10000,
            "wind": ["speed": 3.6, "deg": 70, "gust": 5.1],
            "clouds": ["all": conditionIDs.first == 800 ? 0 : 75],
            "dt": Int(time.timeIntervalSince1970),
            "sys": ["country": city.country, "sunrise": Int(time.timeIntervalSince1970) - 6 * 3600, "sunset": Int(time.timeIntervalSince1970) + 6 * 3600],
            "timezone": city.utcOffsetSeconds,
            "id": 1,
            "name": city.name,
            "cod": 200,
        ]
        if let rainLastHour { body["rain"] = ["1h": rainLastHour] }
        return json(body)
    }

    /// Forty 3-hourly slots from the first 3-hour boundary (UTC) after `time`, warming by day and cooling
    /// by night, all clear.
    public static func standardSlots(after time: Date, count: Int = 40, baseTemperature: Double = 15) -> [Slot] {
        let first = (Int(time.timeIntervalSince1970) / 10_800 + 1) * 10_800
        return (0..<count).map { index in
            let hour = (first / 3600 + index * 3) % 24
            return Slot(time: Date(timeIntervalSince1970: Double(first + index * 10_800)), temperature: baseTemperature + Double(hour) / 4)
        }
    }

    /// `/data/2.5/forecast` with these slots (`cod` a string and `message` 0, as OpenWeatherMap sends
    /// them); `cnt` says `claimedCount` when given, else the number of slots.
    public static func forecast(_ city: City, slots: [Slot], claimedCount: Int? = nil) -> String {
        let list: [[String: Any]] = slots.map { slot in
            var item: [String: Any] = [
                "dt": Int(slot.time.timeIntervalSince1970),
                "main": ["temp": slot.temperature, "feels_like": slot.temperature - 1, "pressure": 1015, "humidity": 70],
                "weather": [condition(slot.conditionID, daytime: true)],
                "clouds": ["all": 40],
                "wind": ["speed": 2.5, "deg": 200],
                "visibility": 10000,
                "pop": slot.pop,
                "sys": ["pod": "d"],
                "dt_txt": "not read",
            ]
            if let rain = slot.rain { item["rain"] = ["3h": rain] }
            return item
        }
        return json([
            "cod": "200", "message": 0, "cnt": claimedCount ?? slots.count, "list": list,
            "city": [
                "id": 1, "name": city.name, "coord": ["lat": city.latitude, "lon": city.longitude],
                "country": city.country, "timezone": city.utcOffsetSeconds,
            ] as [String: Any],
        ])
    }

    /// `/data/3.0/onecall` for the city at `time`: current, 48 hourly steps and 8 days.
    public static func oneCall(_ city: City, at time: Date, temperature: Double = 18.5) -> String {
        let now = Int(time.timeIntervalSince1970)
        let firstHour = (now / 3600 + 1) * 3600
        let hourly: [[String: Any]] = (0..<48).map { index in
            ["dt": firstHour + index * 3600, "temp": temperature + Double(index % 24) / 6, "feels_like": temperature,
             "pressure": 1014, "humidity": 80, "clouds": 20, "wind_speed": 2.0, "wind_deg": 90,
             "weather": [condition(801, daytime: true)], "pop": 0.1]
        }
        let localMidnight = (now + city.utcOffsetSeconds) / 86_400 * 86_400 - city.utcOffsetSeconds
        let daily: [[String: Any]] = (0..<8).map { index in
            ["dt": localMidnight + index * 86_400 + 12 * 3600,
             "temp": ["day": temperature, "min": temperature - 5, "max": temperature + 5, "night": temperature - 4, "eve": temperature, "morn": temperature - 3],
             "pressure": 1016, "humidity": 59, "wind_speed": 3.98, "wind_deg": 76, "clouds": 92,
             "weather": [condition(index % 2 == 0 ? 500 : 800, daytime: true)], "pop": index % 2 == 0 ? 0.47 : 0, "rain": index % 2 == 0 ? 0.15 : 0]
        }
        return json([
            "lat": city.latitude, "lon": city.longitude, "timezone": "Etc/Test", "timezone_offset": city.utcOffsetSeconds,
            "current": [
                "dt": now, "sunrise": now - 6 * 3600, "sunset": now + 6 * 3600, "temp": temperature, "feels_like": temperature,
                "pressure": 1014, "humidity": 89, "clouds": 53, "visibility": 10000, "wind_speed": 3.13, "wind_deg": 93,
                "weather": [condition(803, daytime: true)],
            ] as [String: Any],
            "hourly": hourly, "daily": daily,
        ])
    }

    /// `/geo/1.0/direct` listing these cities (a top-level array, `[]` for none).
    public static func geocoding(_ cities: [City]) -> String {
        json(cities.map { city in
            var entry: [String: Any] = [
                "name": city.name, "local_names": ["en": city.name, "ascii": city.name],
                "lat": city.latitude, "lon": city.longitude, "country": city.country,
            ]
            if let state = city.state { entry["state"] = state }
            return entry
        })
    }

    private static func condition(_ id: Int, daytime: Bool) -> [String: Any] {
        let (main, description, icon): (String, String, String) =
            switch id {
            case 200..<300: ("Thunderstorm", "thunderstorm", "11")
            case 300..<400: ("Drizzle", "drizzle", "09")
            case 500..<600: ("Rain", "light rain", "10")
            case 600..<700: ("Snow", "snow", "13")
            case 700..<800: ("Mist", "mist", "50")
            case 800: ("Clear", "clear sky", "01")
            default: ("Clouds", "broken clouds", "04")
            }
        return ["id": id, "main": main, "description": description, "icon": icon + (daytime ? "d" : "n")]
    }

    private static func json(_ object: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
