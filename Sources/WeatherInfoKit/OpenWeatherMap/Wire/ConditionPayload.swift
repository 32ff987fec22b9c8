import FoundationEssentials

/// A `weather[]` element.
struct ConditionPayload: Decodable {
    var id: Int
    var main: String
    var description: String?
    var icon: String?

    /// The model; day or night from the icon's suffix, else from `fallbackIsDaytime`.
    func condition(fallbackIsDaytime: Bool) -> WeatherCondition {
        let icon = icon ?? ""
        let isDaytime = icon.hasSuffix("d") ? true : icon.hasSuffix("n") ? false : fallbackIsDaytime
        return WeatherCondition(id: id, main: main, description: description ?? main, iconCode: icon, isDaytime: isDaytime)
    }
}

/// `rain` or `snow` in the 2.5 endpoints and One Call's hourly data: `{"1h": 3.16}` or `{"3h": 0.26}`.
struct PrecipitationPayload: Decodable {
    var lastHour: Double?
    var lastThreeHours: Double?

    private enum CodingKeys: String, CodingKey {
        case lastHour = "1h"
        case lastThreeHours = "3h"
    }
}

/// `coord`.
struct CoordinatesPayload: Decodable {
    var lat: Double
    var lon: Double

    var coordinates: Coordinates { Coordinates(latitude: lat, longitude: lon) }
}

/// Sunrise and sunset as Unix seconds in a body; 0 or absent (polar day or night) read as unknown.
struct SunTimesPayload {
    var sunrise: Date?
    var sunset: Date?

    init(sunrise: Double?, sunset: Double?) {
        self.sunrise = sunrise.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }
        self.sunset = sunset.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }
    }

    /// Whether the instant lies between sunrise and sunset (day when either is unknown).
    func isDaytime(at instant: Date) -> Bool {
        (sunrise.map { instant >= $0 } ?? true) && (sunset.map { instant < $0 } ?? true)
    }
}
